import { asc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  agentContracts,
  agentContractSettlements,
  ledgerEntries,
} from '../../src/db/schema/index.js';
import { settleDuePeriods } from '../../src/modules/agent/settlement.service.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { withZones } from '../support/zones.js';
import { createMember, CURRENCY, MERCHANT_ID, insertClosedRound } from '../support/ledger.js';
import { signInOperator } from '../support/operator-api.js';
import { buildTestApp, closeTestApp } from '../support/test-app.js';

/**
 * Decision 014, "Bad data holds back one chain": one agent's invalid contract data (two contracts
 * in force at once) holds back its chain only, raises an alert in the back office, and the
 * operator's retry after the fix pays the held-back periods in order, exactly once.
 * Daily salary, default tiers: 50,000.00 with 3 active members pays 0.3 % (tier 1).
 */

const AGENT = 1;
const HOUR = 60 * 60_000;
/** D:2027-07-01 starts at 2027-06-30T16:00Z (GMT+8). */
const DAY1 = Date.parse('2027-06-30T16:00:00Z');
const DAY = 24 * HOUR;
const afterDay = (n: number) => new Date(DAY1 + n * DAY + 11 * 60_000);

describe.each(testDatabases)('settlement alerts and retry on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: string;
  let support: string;
  let call: ReturnType<typeof adminApi>;
  // X -> Y healthy; Z -> W where W holds two contracts at once.
  const ids = { x: 0, y: 0, z: 0, w: 0 };
  const c = { x: 0, y: 0, z: 0, w1: 0, w2: 0 };
  const team = { y: [] as number[], w: [] as number[] };

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database);
    call = adminApi(app);
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    support = await signInOperator(app, database.db, {
      role: 'read_only',
      merchantId: MERCHANT_ID,
    });
    const db = database.db;
    ids.x = await createMember(db, { type: AGENT });
    ids.y = await createMember(db, { type: AGENT, uplineId: ids.x });
    ids.z = await createMember(db, { type: AGENT });
    ids.w = await createMember(db, { type: AGENT, uplineId: ids.z });
    for (let i = 0; i < 3; i++) {
      team.y.push(await createMember(db, { uplineId: ids.y }));
      team.w.push(await createMember(db, { uplineId: ids.w }));
    }
    const add = async (
      uplineId: number | null,
      downlineId: number,
      ratesBp: number[],
      acceptedAt: Date,
      endedAt: Date | null = null,
    ) => {
      const [row] = await db
        .insert(agentContracts)
        .values({
          merchantId: MERCHANT_ID,
          kind: 'daily_salary',
          uplineId,
          downlineId,
          terms: { ratesBp },
          status: endedAt ? 'terminated' : 'active',
          endReason: endedAt ? 'replaced' : null,
          acceptedAt,
          createdAt: acceptedAt,
          endedAt,
        })
        .returning({ id: agentContracts.id });
      return row!.id;
    };
    const before = new Date(DAY1 - 5 * DAY);
    c.x = await add(null, ids.x, [30, 50, 80], before);
    c.y = await add(ids.x, ids.y, [20, 40, 60], before);
    c.z = await add(null, ids.z, [30, 50, 80], before);
    // Bad data: W's old contract "ended" at 18:00 although its new one was accepted at 10:00.
    c.w1 = await add(ids.z, ids.w, [20, 40, 60], before, new Date(DAY1 + 18 * HOUR));
    c.w2 = await add(ids.z, ids.w, [10, 30, 50], new Date(DAY1 + 10 * HOUR));
  });
  afterAll(() => closeTestApp(app, database));

  /** Each member of Y's and W's teams bets 20,000.00 at 08:00 of day `n` (0: the first). */
  async function betDay(n: number) {
    for (const member of [...team.y, ...team.w]) {
      const at = new Date(DAY1 + n * DAY + 8 * HOUR);
      await insertClosedRound(database.db, {
        memberId: member,
        vendor: 'FAIL',
        stake: 2_000_000n,
        at,
      });
    }
  }

  const amounts = async (contractId: number) =>
    Object.fromEntries(
      (
        await database.db
          .select()
          .from(agentContractSettlements)
          .where(eq(agentContractSettlements.contractId, contractId))
      ).map((row) => [row.periodKey, row.amount]),
    );
  const balance = (member: number) => mainBalance(database.db, MERCHANT_ID, member, CURRENCY);
  const alerts = async (status?: string) =>
    (
      await call(
        owner,
        'GET',
        `/admin/api/agents/settlement-failures?size=100${status ? `&status=${status}` : ''}`,
      )
    ).json().value;

  it('pays every other agent and raises an alert for the chain with invalid data', async () => {
    await betDay(0);
    const errors: string[] = [];
    await settleDuePeriods(withZones(database.db), afterDay(1), {
      onError: (name) => errors.push(name),
    });
    expect(errors).toEqual([]);
    // Y: 0.2 % x 60,000.00 = 120.00; X: 0.3 % x 60,000.00 - 120.00 = 60.00: paid.
    expect(await amounts(c.y)).toEqual({ 'D:2027-07-01': 12_000n });
    expect(await amounts(c.x)).toEqual({ 'D:2027-07-01': 6_000n });
    // Z and W: nothing yet.
    for (const id of [c.z, c.w1, c.w2]) expect(await amounts(id)).toEqual({});

    const open = await alerts('open');
    const mine = open.items.filter((a: { contractId: number }) =>
      [c.z, c.w1, c.w2].includes(a.contractId),
    );
    expect(
      mine.map((a: { contractId: number; reason: string; periodKey: string }) => [
        a.contractId,
        a.reason,
        a.periodKey,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [c.z, 'chain_held', 'D:2027-07-01'],
        [c.w1, 'overlapping_contracts', 'D:2027-07-01'],
        [c.w2, 'overlapping_contracts', 'D:2027-07-01'],
      ]),
    );
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ type: 'daily_salary', attempts: 1, status: 'open' });
    expect(open.items.find((a: { contractId: number }) => a.contractId === c.x)).toBeUndefined();
    // A read-only operator reads the alerts but may not retry them.
    expect((await call(support, 'GET', '/admin/api/agents/settlement-failures')).statusCode).toBe(
      200,
    );
    const refused = await call(
      support,
      'POST',
      `/admin/api/agents/settlement-failures/${mine[0].id}/retry`,
    );
    expect(refused.statusCode).toBe(403);
  });

  it("goes on with later days: the others paid, the held chain's next day waits for the first", async () => {
    await betDay(1);
    await settleDuePeriods(withZones(database.db), afterDay(2));
    expect(await amounts(c.y)).toMatchObject({ 'D:2027-07-02': 12_000n });
    expect(await amounts(c.x)).toMatchObject({ 'D:2027-07-02': 6_000n });
    for (const id of [c.z, c.w2]) expect(await amounts(id)).toEqual({});
    const day2 = (await alerts('open')).items.filter(
      (a: { periodKey: string; contractId: number }) =>
        a.periodKey === 'D:2027-07-02' && [c.z, c.w2].includes(a.contractId),
    );
    // Z and W2 both still wait for their day 1 (W1 was not in force on day 2).
    expect(day2.map((a: { reason: string }) => a.reason)).toEqual([
      'earlier_period_held',
      'earlier_period_held',
    ]);
  });

  it('a retry before the fix pays nothing and keeps the alert open', async () => {
    const [alert] = (await alerts('open')).items.filter(
      (a: { contractId: number }) => a.contractId === c.w1,
    );
    const res = await call(
      owner,
      'POST',
      `/admin/api/agents/settlement-failures/${alert.id}/retry`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      paid: 0,
      held: 3,
      failure: { status: 'open', attempts: 2 },
    });
    for (const id of [c.z, c.w1, c.w2]) expect(await amounts(id)).toEqual({});
  });

  it('after the fix, the retry pays the held-back days in order, once, twice at once', async () => {
    // The operator fixes the data: W's old contract ended when the new one was accepted.
    await database.db
      .update(agentContracts)
      .set({ endedAt: new Date(DAY1 + 10 * HOUR) })
      .where(eq(agentContracts.id, c.w1));
    const before = { z: await balance(ids.z), w: await balance(ids.w), x: await balance(ids.x) };
    const [alert] = (await alerts('open')).items.filter(
      (a: { contractId: number }) => a.contractId === c.w1,
    );
    const retry = () =>
      call(owner, 'POST', `/admin/api/agents/settlement-failures/${alert.id}/retry`);
    const [first, second] = await Promise.all([retry(), retry()]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect((await retry()).json().value).toMatchObject({ paid: 0, held: 0 });

    // Day 1: W1 (to 10:00): 0.2 % x 60,000.00 (08:00 bets) = 120.00; W2 (from 10:00): nothing bet, 0;
    // Z: 0.3 % x 60,000.00 = 180.00 - 120.00 = 60.00.
    // Day 2: W2: 0.1 % x 60,000.00 = 60.00; Z: 180.00 - 60.00 = 120.00.
    expect(await amounts(c.w1)).toEqual({ 'D:2027-07-01': 12_000n });
    expect(await amounts(c.w2)).toEqual({ 'D:2027-07-01': 0n, 'D:2027-07-02': 6_000n });
    expect(await amounts(c.z)).toEqual({ 'D:2027-07-01': 6_000n, 'D:2027-07-02': 12_000n });
    expect((await balance(ids.w)) - before.w).toBe(18_000n);
    expect((await balance(ids.z)) - before.z).toBe(18_000n);
    expect(await balance(ids.x)).toBe(before.x);
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.idempotencyKey, `contract:${c.z}:%`));
    expect(entries).toHaveLength(2);

    // Every alert of the chain is resolved, by the operator; the retries are audited.
    const resolved = (await alerts()).items.filter((a: { contractId: number }) =>
      [c.z, c.w1, c.w2].includes(a.contractId),
    );
    expect(resolved.length).toBe(5);
    for (const a of resolved)
      expect(a).toMatchObject({ status: 'resolved', resolvedBy: expect.any(String) });
    expect(
      (await alerts('open')).items.filter((a: { contractId: number }) =>
        [c.z, c.w1, c.w2].includes(a.contractId),
      ),
    ).toEqual([]);
    const audits = await auditsOf(database.db, 'agent.settlement.retry', alert.id);
    expect(audits.length).toBe(4);

    // The job's next passes pay nothing more.
    await settleDuePeriods(withZones(database.db), afterDay(2));
    await settleDuePeriods(withZones(database.db), afterDay(2));
    expect((await balance(ids.z)) - before.z).toBe(18_000n);
    const rows = await database.db
      .select()
      .from(agentContractSettlements)
      .where(inArray(agentContractSettlements.contractId, [c.z, c.w1, c.w2]))
      .orderBy(asc(agentContractSettlements.id));
    // Z and W2 for both days, W1 for the first.
    expect(rows).toHaveLength(5);
  });

  it('answers NOT_FOUND for an alert of no such id', async () => {
    const res = await call(owner, 'POST', '/admin/api/agents/settlement-failures/999999/retry');
    expect(res.statusCode).toBe(404);
  });
});
