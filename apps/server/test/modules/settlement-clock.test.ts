import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { agentContractSettlements, members } from '../../src/db/schema/index.js';
import { openSession } from '../../src/modules/auth/session.service.js';
import { settleDuePeriods } from '../../src/modules/agent/settlement.service.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { activeDailySalary } from '../support/agents.js';
import { testDatabases } from '../support/databases.js';
import { withZones } from '../support/zones.js';
import { createMember, CURRENCY, MERCHANT_ID, insertClosedRound } from '../support/ledger.js';
import { signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const AGENT = 1;
/** A day and the settlement delay ahead: today's period (Philippine time) has closed by then. */
const PAST_TODAY = 24 * 60 + 11;

/**
 * The settlement clock aid (SETTLEMENT_CLOCK_AID, refused in production): an operator settles
 * today's daily salary ahead of the job's clock; the job, at the real close, pays nothing twice.
 */
describe.each(testDatabases)('settlement clock aid on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let plain: FastifyInstance;
  let call: ReturnType<typeof adminApi>;
  let owner: string;
  let finance: string;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, { SETTLEMENT_CLOCK_AID: 'true' });
    plain = await buildTestApp(database);
    call = adminApi(app);
    owner = await signInOperator(app, database.db, { role: 'owner', merchantId: MERCHANT_ID });
    finance = await signInOperator(app, database.db, { role: 'finance', merchantId: MERCHANT_ID });
  });
  afterAll(async () => {
    await app.close();
    await plain.close();
    await database.close();
  });

  it('is refused in production and absent without the flag', async () => {
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        SETTLEMENT_CLOCK_AID: 'true',
        MESSAGE_PROVIDER: 'http',
        MESSAGE_GATEWAY_URL: 'https://gateway.example',
        SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
      }),
    ).toThrow(/SETTLEMENT_CLOCK_AID: not allowed in production/);
    const res = await adminApi(plain)(owner, 'POST', '/admin/api/dev/settlement/run', {
      type: 'daily_salary',
      advanceMinutes: PAST_TODAY,
    });
    expect(res.statusCode).toBe(404);
  });

  it('needs an operator allowed to change the system', async () => {
    const body = { type: 'daily_salary', advanceMinutes: PAST_TODAY };
    const anonymous = await app.inject({
      method: 'POST',
      url: '/admin/api/dev/settlement/run',
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(finance, 'POST', '/admin/api/dev/settlement/run', body)).statusCode).toBe(
      403,
    );
    const bad = await call(owner, 'POST', '/admin/api/dev/settlement/run', {
      type: 'daily_salary',
      advanceMinutes: 0,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("settles today's bets ahead of the clock once; the job at the real close pays no more", async () => {
    const db = database.db;
    const a = await createMember(db, { type: AGENT });
    const b = await createMember(db, { type: AGENT, uplineId: a });
    const team = [];
    for (let i = 0; i < 3; i += 1) team.push(await createMember(db, { uplineId: b }));
    const accepted = new Date(Date.now() - 60 * 60_000);
    const ca = await activeDailySalary(db, {
      uplineId: null,
      downlineId: a,
      ratesBp: [30, 50, 80],
      acceptedAt: accepted,
    });
    const cb = await activeDailySalary(db, {
      uplineId: a,
      downlineId: b,
      ratesBp: [20, 40, 60],
      acceptedAt: accepted,
    });
    // Each member of B's team bets 20,000.00 now: 60,000.00 with 3 active, tier 1.
    const now = new Date();
    for (const member of team) {
      await insertClosedRound(db, {
        memberId: member,
        vendor: 'CLOCK',
        stake: 2_000_000n,
        at: now,
      });
    }
    const balance = (id: number) => mainBalance(db, MERCHANT_ID, id, CURRENCY);

    const res = await call(owner, 'POST', '/admin/api/dev/settlement/run', {
      type: 'daily_salary',
      advanceMinutes: PAST_TODAY,
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().value as { at: string; periods: { periodKey: string }[] };
    expect(Date.parse(value.at)).toBeGreaterThan(now.getTime() + 24 * 60 * 60_000);
    expect(value.periods.length).toBeGreaterThanOrEqual(1);
    // B: 0.2 % of 60,000.00; A: 0.3 % of the same team less B's share.
    expect(await balance(b)).toBe(12_000n);
    expect(await balance(a)).toBe(6_000n);
    expect(await auditsOf(db, 'dev.settlement_ahead', 'daily_salary')).toHaveLength(1);
    // Each agent paid finds the payout in its inbox, in its language.
    const inboxOf = async (id: number, language: string) => {
      const [row] = await db.select().from(members).where(eq(members.id, id));
      const token = await openSession(
        db,
        { idleMinutes: 60, absoluteHours: 1 },
        { member: row!, method: 'password', ip: '127.0.0.1', userAgent: 'test' },
      );
      const headers = { authorization: `Bearer ${token}`, merchant: 'demo', language };
      const list = await app.inject({ url: '/wps/relay/messageV2', headers });
      const first = list.json().value.content[0] as { id: number; title: string };
      const detail = await app.inject({ url: `/wps/relay/messageV2/${first.id}`, headers });
      return { title: first.title, content: detail.json().value.content as string };
    };
    const periodKey = value.periods.at(-1)!.periodKey;
    expect(await inboxOf(b, 'EN')).toEqual({
      title: 'Daily salary paid',
      content: `120.00 PHP was paid to your main wallet for ${periodKey} (contract no. ${cb}).`,
    });
    expect((await inboxOf(a, 'TL')).content).toBe(
      `Naibayad sa iyong main wallet ang 60.00 PHP para sa ${periodKey} (kontrata blg. ${ca}).`,
    );

    // The same call again settles nothing more.
    await call(owner, 'POST', '/admin/api/dev/settlement/run', {
      type: 'daily_salary',
      advanceMinutes: PAST_TODAY,
    });
    // The job, when its own clock reaches the close, claims the period and skips these contracts.
    await settleDuePeriods(withZones(db), new Date(Date.parse(value.at) + 60_000));
    expect(await balance(b)).toBe(12_000n);
    expect(await balance(a)).toBe(6_000n);
    for (const contract of [ca, cb]) {
      const rows = await db
        .select()
        .from(agentContractSettlements)
        .where(eq(agentContractSettlements.contractId, contract));
      expect(rows.filter((row) => row.amount > 0n)).toHaveLength(1);
    }
  });
});
