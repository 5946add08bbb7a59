import { randomUUID } from 'node:crypto';
import { recordsToday } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  auditLog,
  gameBalanceRequests,
  games,
  ledgerAccounts,
  ledgerEntries,
  vendorCredentials,
  vendors,
  vendorTransfers,
} from '../../src/db/schema/index.js';
import { createJobRunner, type JobDefinition } from '../../src/modules/jobs/jobs.runner.js';
import { serverJobs } from '../../src/jobs.js';
import { createMerchantZones } from '../../src/modules/merchant/index.js';
import { memberBalances } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import { createVendorClient } from '../../src/modules/vendor-wallet/vendor-client.js';
import {
  balanceRequestsPruneJob,
  BALANCE_REQUEST_RETENTION_MS,
  vendorTransferResettleJob,
} from '../../src/modules/vendor-wallet/vendor-transfer.jobs.js';
import { testDatabases } from '../support/databases.js';
import { CURRENCY, fund, MERCHANT_ID } from '../support/ledger.js';
import { CAPTCHA_ANSWER, memberApi } from '../support/member-api.js';
import { buildTestApp } from '../support/test-app.js';
import { startSimLink, type SimLink } from '../support/vendor-sim.js';
import { operatorHeaders, signInOperator } from '../support/operator-api.js';
import { testSecrets } from '../support/secrets.js';

/** The platform's wait for one vendor call in this suite, and the link's late answers. */
const TIMEOUT_MS = 300;
const LATE_MS = 700;

/**
 * Transfers between the main wallet and the game wallet of the demo's transfer-wallet vendor
 * (SA), through the member API, against the real reference vendor behind a link that can be
 * made slow, lossy or down; and the jobs that re-settle what the vendor left unconfirmed and
 * prune stored balance answers.
 */
describe.each(testDatabases)('game wallet transfers on $name', ({ open }) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let api: ReturnType<typeof memberApi>;
  let link: SimLink;
  let sa: { vendorId: number; code: string; gameCode: string };
  /** The job clock: always past the transfers made so far, one minute further each tick. */
  let clock = 0;

  beforeAll(async () => {
    database = await open();
    app = await buildTestApp(database, {
      CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
      VENDOR_CALL_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    api = memberApi(app);
    link = await startSimLink({ lateMs: LATE_MS });
    const [row] = await database.db
      .select({ vendorId: vendors.id, code: vendors.code, gameCode: games.gameCode })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.merchantId, MERCHANT_ID), eq(vendors.walletMode, 'transfer')))
      .orderBy(games.id)
      .limit(1);
    sa = row!;
    await database.db
      .update(vendorCredentials)
      .set({ baseUrl: link.url })
      .where(eq(vendorCredentials.merchantId, MERCHANT_ID));
  }, 180_000);
  afterAll(async () => {
    await link.close();
    await app.close();
    await database.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: api.headers(token), ...(payload ? { payload } : {}) });

  async function newMember(balance: bigint) {
    const { token, user } = (await api.register()).json().value;
    const info = (await call('GET', '/wps/member/info', token)).json().value;
    expect(info.account).toBe(user.account);
    await fund(database.db, info.id as number, balance);
    return { token, id: info.id as number, username: user.account as string };
  }

  const transfer = (token: string, body: Record<string, unknown>) =>
    call('POST', '/wps/v2/wallets/transfer', token, {
      clientRequestId: `gw-${randomUUID()}`,
      ...body,
    });
  const funds = async (token: string) =>
    (await call('GET', '/wps/member/info/funds/consolidated', token)).json().value as {
      total: string;
      inTransit: string;
      wallets: { wallet: string; balance: string }[];
    };
  const walletOf = (f: Awaited<ReturnType<typeof funds>>, code: string) =>
    f.wallets.find((w) => w.wallet === code)!.balance;

  /** The ledger's view of the member: main wallet and the SA wallet account. */
  async function ledgerOf(memberId: number) {
    const accounts = await memberBalances(database.db, MERCHANT_ID, memberId, CURRENCY);
    const of = (kind: string) => accounts.find((a) => a.kind === kind)?.balance ?? 0n;
    return { main: of('member_main'), vendor: of('member_vendor') };
  }
  /** What the vendor holds for the member (its user/balance answer; the link must be up). */
  const heldAtVendor = async (memberId: number) =>
    createVendorClient({ secrets: testSecrets, timeoutMs: 2000 }).remoteBalance(database.db, {
      merchantId: MERCHANT_ID,
      memberId,
      vendorCode: sa.code,
    });
  async function transfersOf(username: string) {
    const rows = await database.db.execute(sql`
      select t.id, t.member_id as "memberId", t.transfer_uuid as "transferUuid", t.state,
             t.direction, t.amount::text as amount, t.attempts
        from vendor_transfers t join members m on m.id = t.member_id
       where m.username = ${username} order by t.id`);
    return (
      rows as {
        rows: {
          id: number;
          memberId: number;
          transferUuid: string;
          state: string;
          direction: string;
          amount: string;
          attempts: number;
        }[];
      }
    ).rows;
  }
  const pathsOf = (transferUuid: string) =>
    link.seen.filter((s) => s.body.transfer_uuid === transferUuid).map((s) => s.path);
  /** Sum of the in-transit account (every shard): what pending transfers hold. */
  async function inTransit(): Promise<bigint> {
    const [row] = await database.db
      .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text` })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'vendor_transfers_in_transit'));
    return BigInt(row!.total);
  }
  async function pendingSum(): Promise<bigint> {
    const [row] = await database.db
      .select({ total: sql<string>`coalesce(sum(${vendorTransfers.amount}), 0)::text` })
      .from(vendorTransfers)
      .where(sql`${vendorTransfers.state} in ('pending', 'unresolved')`);
    return BigInt(row!.total);
  }
  const entriesOf = async (transferUuid: string) =>
    (
      await database.db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.idempotencyKey} like ${`vendor-transfer:${transferUuid}%`}`)
    ).length;

  function runner(jobs: JobDefinition[]) {
    return createJobRunner({ db: database.db, jobs, now: () => new Date(clock) });
  }
  /** Moves the job clock a minute on (and past every transfer made so far). */
  function nextMinute() {
    clock = Math.max(clock + 60_000, Date.now() + 120_000);
  }
  const resettle = (maxAttempts = 10) =>
    vendorTransferResettleJob({
      client: createVendorClient({ secrets: testSecrets, timeoutMs: TIMEOUT_MS, maxAttempts: 1 }),
      minAgeMs: 0,
      maxAttempts,
    });
  type Totals = {
    runs: number;
    checked: number;
    completed: number;
    failed: number;
    pending: number;
    unresolved: number;
  };
  /** One tick of a runner of `job`; its periods' reports added up. */
  async function tick(job: JobDefinition = resettle()): Promise<Totals> {
    nextMinute();
    const report = await runner([job]).tick();
    const totals: Totals = {
      runs: report.length,
      checked: 0,
      completed: 0,
      failed: 0,
      pending: 0,
      unresolved: 0,
    };
    for (const { result } of report) {
      for (const [key, value] of Object.entries(result as Record<string, number>)) {
        totals[key as keyof Totals] += value;
      }
    }
    return totals;
  }

  it('funds in and out at the vendor, shows its balance, and repeats a request without moving twice', async () => {
    const member = await newMember(10_000n);
    const body = {
      from: 'main',
      to: sa.code,
      amount: '60.00',
      clientRequestId: `gw-in-member-${member.id}`,
    };
    const first = await call('POST', '/wps/v2/wallets/transfer', member.token, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(walletOf(first.json().value, 'main')).toBe('40.00');
    expect(walletOf(first.json().value, sa.code)).toBe('60.00');
    const again = await call('POST', '/wps/v2/wallets/transfer', member.token, body);
    expect(again.json().value).toEqual(first.json().value);
    const reused = await call('POST', '/wps/v2/wallets/transfer', member.token, {
      ...body,
      amount: '1.00',
    });
    expect(reused.json().code).toBe('DUPLICATE_TRANSACTION');
    expect(await heldAtVendor(member.id)).toBe(6_000n);

    const out = await transfer(member.token, { from: sa.code, to: 'main', amount: '25.00' });
    expect(out.statusCode).toBe(200);
    expect(walletOf(out.json().value, 'main')).toBe('65.00');
    expect(walletOf(out.json().value, sa.code)).toBe('35.00');
    expect(await heldAtVendor(member.id)).toBe(3_500n);
    expect(await ledgerOf(member.id)).toEqual({ main: 6_500n, vendor: 3_500n });

    // More than the vendor holds: refused by the ledger before the vendor is asked.
    const over = await transfer(member.token, { from: sa.code, to: 'main', amount: '35.01' });
    expect(over.json().code).toBe('INSUFFICIENT_BALANCE');
    const tooMuch = await transfer(member.token, { from: 'main', to: sa.code, amount: '65.01' });
    expect(tooMuch.json().code).toBe('INSUFFICIENT_BALANCE');
    expect((await transfersOf(member.username)).map((t) => t.state)).toEqual([
      'completed',
      'completed',
    ]);
    expect(await ledgerOf(member.id)).toEqual({ main: 6_500n, vendor: 3_500n });
    expect(isClean(await reconcileLedger(database.db))).toBe(true);

    // The account record: one row per transfer, its main-wallet side, naming the vendor.
    const today = recordsToday();
    const records = await call(
      'GET',
      `/wps/relay/member/transactions?from=${today}&to=${today}&category=wallet`,
      member.token,
    );
    expect(
      records
        .json()
        .value.items.map((r: { type: string; amount: string; counterpart: string }) => [
          r.type,
          r.amount,
          r.counterpart,
        ]),
    ).toEqual([
      ['wallet_in', '25.00', sa.code],
      ['wallet_out', '-60.00', sa.code],
    ]);
  });

  it('under maintenance refuses money into the game wallet, never money out of it (decision 018)', async () => {
    const member = await newMember(10_000n);
    expect(
      (await transfer(member.token, { from: 'main', to: sa.code, amount: '30.00' })).statusCode,
    ).toBe(200);
    // As an operator switches it: the app's cached switch changes at once.
    const owner = await signInOperator(app, database.db, {
      role: 'owner',
      merchantId: MERCHANT_ID,
    });
    const setMaintenance = async (enabled: boolean) => {
      const res = await app.inject({
        method: 'PUT',
        url: '/admin/api/system/maintenance',
        headers: operatorHeaders(owner),
        payload: {
          enabled,
          title: { EN: 'Upgrading', TL: 'Nag-a-upgrade' },
          info: { EN: 'Back soon', TL: 'Babalik agad' },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setMaintenance(true);
    try {
      const into = await transfer(member.token, { from: 'main', to: sa.code, amount: '10.00' });
      expect(into.statusCode).toBe(503);
      expect(into.json().code).toBe('SYSTEM_MAINTENANCE');
      expect(await ledgerOf(member.id)).toEqual({ main: 7_000n, vendor: 3_000n });
      const out = await transfer(member.token, { from: sa.code, to: 'main', amount: '30.00' });
      expect(out.statusCode, out.body).toBe(200);
      expect(await ledgerOf(member.id)).toEqual({ main: 10_000n, vendor: 0n });
    } finally {
      await setMaintenance(false);
    }
  });

  it('after a late answer asks the transfer status instead of sending it again', async () => {
    const member = await newMember(10_000n);
    link.set('late');
    const res = await transfer(member.token, { from: 'main', to: sa.code, amount: '20.00' });
    expect(res.statusCode).toBe(200);
    const [row] = await transfersOf(member.username);
    expect(row!.state).toBe('completed');
    expect(pathsOf(row!.transferUuid)).toEqual(['/transfer/in', '/transfer/status']);

    link.set('lost');
    const lost = await transfer(member.token, { from: 'main', to: sa.code, amount: '30.00' });
    expect(lost.statusCode).toBe(200);
    const second = (await transfersOf(member.username))[1]!;
    expect(pathsOf(second.transferUuid)).toEqual([
      '/transfer/in',
      '/transfer/status',
      '/transfer/in',
    ]);
    expect(await heldAtVendor(member.id)).toBe(5_000n);
    expect(await ledgerOf(member.id)).toEqual({ main: 5_000n, vendor: 5_000n });
  });

  it('leaves a transfer the vendor never confirms in transit; the job completes it once', async () => {
    const member = await newMember(10_000n);
    link.set('down');
    const res = await transfer(member.token, { from: 'main', to: sa.code, amount: '40.00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('GAME_WALLET_TRANSFER_PENDING');
    let shown = await funds(member.token);
    expect(shown.inTransit).toBe('40.00');
    expect(walletOf(shown, 'main')).toBe('60.00');
    expect(shown.total).toBe('100.00');
    expect(await ledgerOf(member.id)).toEqual({ main: 6_000n, vendor: 0n });
    expect(await inTransit()).toBe(await pendingSum());

    // A fund out waits for the transfer in flight.
    const blocked = await transfer(member.token, { from: sa.code, to: 'main', amount: '1.00' });
    expect(blocked.json().code).toBe('GAME_WALLET_TRANSFER_PENDING');

    link.set('ok');
    expect(await tick()).toMatchObject({ completed: 1, pending: 0 });
    const [row] = await transfersOf(member.username);
    expect(row!.state).toBe('completed');
    expect(await entriesOf(row!.transferUuid)).toBe(2);
    shown = await funds(member.token);
    expect(shown.inTransit).toBe('0.00');
    expect(walletOf(shown, sa.code)).toBe('40.00');
    expect(await heldAtVendor(member.id)).toBe(4_000n);

    // Running again moves nothing.
    expect(await tick()).toMatchObject({ checked: 0 });
    expect(await entriesOf(row!.transferUuid)).toBe(2);
    expect(await ledgerOf(member.id)).toEqual({ main: 6_000n, vendor: 4_000n });
    expect(await inTransit()).toBe(await pendingSum());
  });

  it('reverses a fund out the vendor refused once it could answer', async () => {
    const member = await newMember(10_000n);
    expect(
      (await transfer(member.token, { from: 'main', to: sa.code, amount: '20.00' })).statusCode,
    ).toBe(200);
    // The vendor's balance is read, then the fund out itself is lost three times.
    link.set('lost', 3);
    const out = await transfer(member.token, { from: sa.code, to: 'main', amount: '20.00' });
    expect(out.json().code).toBe('GAME_WALLET_TRANSFER_PENDING');
    expect(await ledgerOf(member.id)).toEqual({ main: 8_000n, vendor: 0n });

    // Meanwhile the member stakes 10.00 at the vendor's table: it holds 10.00 only.
    const client = createVendorClient({ secrets: testSecrets, timeoutMs: 2000 });
    const opened = await client.launchAtVendor(database.db, {
      merchantId: MERCHANT_ID,
      memberId: member.id,
      vendorId: sa.vendorId,
      vendorCode: sa.code,
      gameCode: sa.gameCode,
      language: 'EN',
      platform: 'mobile',
      lobbyUrl: 'http://platform.test/',
      origin: 'http://platform.test',
    });
    const token = new URL(opened.url).searchParams.get('token')!;
    const bet = await link.sim.inject({
      method: 'POST',
      url: '/api/table/bet',
      payload: { token, side: 'PLAYER', stake: '1000' },
    });
    expect(bet.json()).toMatchObject({ ok: true, balance: 1_000 });

    expect(await tick()).toMatchObject({ failed: 1, pending: 0 });
    const rows = await transfersOf(member.username);
    expect(rows.map((t) => t.state)).toEqual(['completed', 'failed']);
    // Back in the game wallet account; the vendor kept its 10.00.
    expect(await ledgerOf(member.id)).toEqual({ main: 8_000n, vendor: 2_000n });
    expect(await heldAtVendor(member.id)).toBe(1_000n);
    expect(walletOf(await funds(member.token), sa.code)).toBe('10.00');

    // The next fund out records the stake lost at the vendor first.
    const back = await transfer(member.token, { from: sa.code, to: 'main', amount: '10.00' });
    expect(back.statusCode).toBe(200);
    expect(await ledgerOf(member.id)).toEqual({ main: 9_000n, vendor: 0n });
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('settles each transfer once when runs, processes and the member race for it', async () => {
    const member = await newMember(10_000n);
    link.set('down');
    const requests = [1, 2, 3].map((n) => ({
      from: 'main',
      to: sa.code,
      amount: `${n}.00`,
      clientRequestId: `gw-race-${member.id}-${n}`,
    }));
    for (const body of requests) {
      const res = await call('POST', '/wps/v2/wallets/transfer', member.token, body);
      expect(res.json().code).toBe('GAME_WALLET_TRANSFER_PENDING');
    }
    link.set('ok');
    nextMinute();
    const other = vendorTransferResettleJob({
      client: createVendorClient({ secrets: testSecrets, timeoutMs: TIMEOUT_MS, maxAttempts: 1 }),
      minAgeMs: 0,
    });
    const outcomes = await Promise.all([
      runner([resettle()]).tick(),
      runner([resettle()]).tick(),
      // Another process under its own name, and the member repeating the requests.
      runner([{ ...other, name: 'vendor-transfer-resettle-other' }]).tick(),
      ...requests.map((body) => call('POST', '/wps/v2/wallets/transfer', member.token, body)),
    ]);
    // Two runners of the same job: each period ran once.
    const periods = [...outcomes[0], ...outcomes[1]].map((run) => run.period);
    expect(periods.length).toBeGreaterThan(0);
    expect(new Set(periods).size).toBe(periods.length);
    const rows = await transfersOf(member.username);
    expect(rows.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    for (const row of rows) {
      expect(await entriesOf(row.transferUuid)).toBe(2);
      expect(pathsOf(row.transferUuid).filter((p) => p === '/transfer/in').length).toBeGreaterThan(
        0,
      );
    }
    expect(await heldAtVendor(member.id)).toBe(600n);
    expect(await ledgerOf(member.id)).toEqual({ main: 9_400n, vendor: 600n });
    expect(await inTransit()).toBe(await pendingSum());
    expect(isClean(await reconcileLedger(database.db))).toBe(true);
  });

  it('gives a transfer up as unresolved after its attempts, with an audit entry', async () => {
    const member = await newMember(10_000n);
    link.set('down');
    const res = await transfer(member.token, { from: 'main', to: sa.code, amount: '5.00' });
    expect(res.json().code).toBe('GAME_WALLET_TRANSFER_PENDING');
    const [row] = await transfersOf(member.username);
    expect(row!.attempts).toBe(3);
    let ticks = 0;
    while ((await transfersOf(member.username))[0]!.state === 'pending' && ticks < 5) {
      await tick(resettle(5));
      ticks += 1;
    }
    const [given] = await transfersOf(member.username);
    expect(given).toMatchObject({ state: 'unresolved', attempts: 5 });
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'vendor_transfer.unresolved'),
          eq(auditLog.subjectId, row!.transferUuid),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      memberId: member.id,
      amount: '5.00',
      direction: 'in',
    });
    // The money stays in transit, shown to the member, never in two places.
    link.set('ok');
    expect(await tick(resettle(5))).toMatchObject({ checked: 0 });
    expect((await funds(member.token)).inTransit).toBe('5.00');
    expect(await ledgerOf(member.id)).toEqual({ main: 9_500n, vendor: 0n });
    expect(await inTransit()).toBe(await pendingSum());
  });

  it('prunes stored balance answers older than the retention, keeping newer ones', async () => {
    expect(
      serverJobs({
        realtime: app.realtime,
        secrets: testSecrets,
        zones: createMerchantZones(database.db),
      }).map((job) => job.name),
    ).toEqual(expect.arrayContaining(['vendor-transfer-resettle', 'game-balance-requests-prune']));
    const [credential] = await database.db
      .select({ id: vendorCredentials.id })
      .from(vendorCredentials)
      .where(eq(vendorCredentials.merchantId, MERCHANT_ID))
      .limit(1);
    const now = Date.now();
    const row = (name: string, ageMs: number) => ({
      credentialId: credential!.id,
      requestUuid: `prune-${name}-${randomUUID()}`,
      contentHash: '0'.repeat(64),
      response: '{}',
      createdAt: new Date(now - ageMs),
    });
    const old = row('old', BALANCE_REQUEST_RETENTION_MS + 2 * 3_600_000);
    const young = row('young', 60_000);
    await database.db.insert(gameBalanceRequests).values([old, young]);
    const prune = createJobRunner({
      db: database.db,
      jobs: [balanceRequestsPruneJob],
      now: () => new Date(now),
    });
    const [report] = await prune.tick();
    expect((report!.result as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ id: gameBalanceRequests.requestUuid })
      .from(gameBalanceRequests)
      .where(sql`${gameBalanceRequests.requestUuid} in (${old.requestUuid}, ${young.requestUuid})`);
    expect(left.map((r) => r.id)).toEqual([young.requestUuid]);
    // The same period again does nothing.
    expect(await prune.tick()).toEqual([]);
  });
});
