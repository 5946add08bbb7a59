import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { bonusGrants, members } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/app-error.js';
import { inTransaction } from '../../src/lib/transaction.js';
import {
  grantBonusIn,
  recordTurnoverIn,
  type GrantBonusRequest,
} from '../../src/modules/bonus/bonus.service.js';
import { DEMO_BONUS_MEMBER, seedDemoBonus } from '../../src/modules/bonus/bonus.seed.js';
import { remainingTurnover } from '../../src/modules/bonus/turnover.repository.js';
import { mainBalance, merchantBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, MERCHANT_ID } from '../support/ledger.js';
import type { MemberApi } from '../support/member-api.js';
import { closeTestApp, startMemberApp } from '../support/test-app.js';

let sequence = 0;

describe.each(testDatabases)('bonuses on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: MemberApi;

  beforeAll(async () => {
    ({ database, app, api } = await startMemberApp(open));
  });
  afterAll(() => closeTestApp(app, database));

  const get = (url: string, token: string, language = 'EN') =>
    app.inject({ method: 'GET', url, headers: { ...api.headers(token), language } });

  async function newMember(): Promise<{ token: string; id: number }> {
    const { token } = (await api.register()).json().value;
    const info = (await get('/wps/member/info', token)).json().value;
    return { token, id: info.id as number };
  }

  const grant = (memberId: number, fields: Partial<GrantBonusRequest> = {}) =>
    inTransaction(database.db, (tx) =>
      grantBonusIn(tx, {
        merchantId: MERCHANT_ID,
        memberId,
        currency: CURRENCY,
        kind: 'promotion',
        title: { EN: 'Weekend reload', TL: 'Reload sa Sabado' },
        amount: 10_000n,
        turnoverMultiplier: 5,
        idempotencyKey: `bonus-test-${(sequence += 1)}`,
        ...fields,
      } as GrantBonusRequest),
    );
  const bet = (memberId: number, amount: bigint) =>
    inTransaction(database.db, (tx) => recordTurnoverIn(tx, MERCHANT_ID, memberId, amount));
  const left = (memberId: number) => remainingTurnover(database.db, MERCHANT_ID, memberId);

  it('pays a bonus through the ledger once per key', async () => {
    const { id } = await newMember();
    const houseBefore = await merchantBalance(database.db, MERCHANT_ID, CURRENCY, 'bonus');
    const key = `bonus-once-${id}`;
    const first = await grant(id, { idempotencyKey: key });
    expect(first.grant).toMatchObject({
      amount: 10_000n,
      turnoverRequired: 50_000n,
      turnoverDone: 0n,
      status: 'active',
      ledgerEntryId: first.entry.entryId,
    });
    const again = await grant(id, { idempotencyKey: key });
    expect(again.entry.replayed).toBe(true);
    expect(again.grant.id).toBe(first.grant.id);
    await expect(grant(id, { idempotencyKey: key, amount: 20_000n })).rejects.toThrow(AppError);

    expect(await mainBalance(database.db, MERCHANT_ID, id, CURRENCY)).toBe(10_000n);
    expect(await merchantBalance(database.db, MERCHANT_ID, CURRENCY, 'bonus')).toBe(
      houseBefore - 10_000n,
    );
    const rows = await database.db.select().from(bonusGrants).where(eq(bonusGrants.memberId, id));
    expect(rows).toHaveLength(1);
    expect(await left(id)).toBe(50_000n);
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('counts bets towards the oldest grant first and completes grants', async () => {
    const { id } = await newMember();
    const older = await grant(id, { turnoverRequired: 30_000n });
    const newer = await grant(id, { turnoverRequired: 20_000n, amount: 5_000n });
    // The newer grant is written later, but give the older one an unmistakably earlier time.
    await database.db.execute(
      sql`update bonus_grants set created_at = created_at - interval '1 hour' where id = ${older.grant.id}`,
    );
    expect(await left(id)).toBe(50_000n);

    expect(await bet(id, 10_000n)).toEqual({ applied: 10_000n, completed: [] });
    expect(await left(id)).toBe(40_000n);
    // 20,000 finishes the older grant; the other 5,000 go to the newer one.
    expect(await bet(id, 25_000n)).toEqual({ applied: 25_000n, completed: [older.grant.id] });
    const [a, b] = await Promise.all(
      [older.grant.id, newer.grant.id].map(async (grantId) => {
        const [row] = await database.db
          .select()
          .from(bonusGrants)
          .where(eq(bonusGrants.id, grantId));
        return row!;
      }),
    );
    expect(a).toMatchObject({ status: 'completed', turnoverDone: 30_000n });
    expect(a!.completedAt).toBeInstanceOf(Date);
    expect(b).toMatchObject({ status: 'active', turnoverDone: 5_000n });
    expect(await left(id)).toBe(15_000n);
    // More than is owed: the rest is not kept.
    expect(await bet(id, 40_000n)).toEqual({ applied: 15_000n, completed: [newer.grant.id] });
    expect(await left(id)).toBe(0n);
    expect(await bet(id, 1_000n)).toEqual({ applied: 0n, completed: [] });
    // A bonus without turnover is completed at once.
    const free = await grant(id, { turnoverRequired: 0n });
    expect(free.grant.status).toBe('completed');
  });

  it('lists the caller’s bonuses in their language with paging and filters', async () => {
    const member = await newMember();
    const other = await newMember();
    const first = await grant(member.id, { turnoverRequired: 30_000n });
    await grant(member.id, { turnoverRequired: 0n, kind: 'rebate', amount: 1_234_567n });
    await grant(member.id, { turnoverRequired: 10_000n });
    await grant(other.id, { turnoverRequired: 99_000n });
    await database.db.execute(
      sql`update bonus_grants set created_at = created_at - interval '10 days' where id = ${first.grant.id}`,
    );
    await bet(member.id, 35_000n);

    const all = (await get('/wps/relay/member/bonuses?size=2', member.token, 'TL')).json().value;
    expect(all).toMatchObject({ total: 3, page: 1, size: 2, remainingTurnover: '50.00' });
    expect(all.items[0]).toMatchObject({
      title: 'Reload sa Sabado',
      kind: 'promotion',
      amount: '100.00',
      turnoverRequired: '100.00',
      turnoverDone: '50.00',
      turnoverLeft: '50.00',
      status: 'active',
    });
    expect(all.items[1]).toMatchObject({ kind: 'rebate', amount: '12345.67', status: 'completed' });
    const second = (await get('/wps/relay/member/bonuses?size=2&page=2', member.token)).json()
      .value;
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({
      title: 'Weekend reload',
      status: 'completed',
      turnoverLeft: '0.00',
    });

    const active = (await get('/wps/relay/member/bonuses?status=active', member.token)).json()
      .value;
    expect(active.total).toBe(1);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const recent = (
      await get(`/wps/relay/member/bonuses?from=${today}&to=${today}`, member.token)
    ).json().value;
    expect(recent.total).toBe(2);
    const bad = await get(`/wps/relay/member/bonuses?status=paid`, member.token);
    expect(bad.statusCode).toBe(400);
    const reversed = await get(
      `/wps/relay/member/bonuses?from=${today}&to=2020-01-01`,
      member.token,
    );
    expect(reversed.statusCode).toBe(400);
  });

  it('seeds one welcome bonus for the demo member, once', async () => {
    const [demo] = await database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, DEMO_BONUS_MEMBER));
    expect(demo).toBeDefined();
    await seedDemoBonus(database.db, 'demo');
    const rows = await database.db
      .select()
      .from(bonusGrants)
      .where(eq(bonusGrants.memberId, demo!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'welcome', status: 'active' });
    expect(await left(demo!.id)).toBe(rows[0]!.turnoverRequired);
  });
});
