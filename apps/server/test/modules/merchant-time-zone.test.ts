import { randomUUID } from 'node:crypto';
import { dayStart, startOfDayKey } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { merchantSettings } from '../../src/db/schema/index.js';
import { dailyReport } from '../../src/modules/reports/reports.admin.service.js';
import type { AccountRef } from '../../src/modules/ledger/accounts.js';
import { type EntryType } from '../../src/modules/ledger/ledger.service.js';
import { insertMember } from '../../src/modules/member/member.repository.js';
import {
  createMerchantResolver,
  type Merchant,
} from '../../src/modules/merchant/merchant.service.js';
import { profitReport } from '../../src/modules/records/records.service.js';
import { downlineTransferInfo } from '../../src/modules/transfer/transfer.service.js';
import { adminApi, auditsOf } from '../support/admin-api.js';
import { testDatabases } from '../support/databases.js';
import { withZones } from '../support/zones.js';
import { postMemberEntry } from '../support/ledger.js';
import { createMerchant, signInOperator } from '../support/operator-api.js';
import { buildTestApp } from '../support/test-app.js';

const HO_CHI_MINH = 'Asia/Ho_Chi_Minh';
const MINUTE = 60_000;

/**
 * Decision 024: a merchant whose `time_zone` is Asia/Ho_Chi_Minh (UTC+7) has its days from 17:00
 * UTC, not from 16:00 UTC as a merchant on the default Asia/Manila (UTC+8): its daily limits,
 * record days and report days all turn at its own midnight.
 */
describe.each(testDatabases)('merchant time zone on $name', ({ open }) => {
  let database: DatabaseHandle;
  let vietnam: Merchant;
  let manila: Merchant;

  beforeAll(async () => {
    database = await open();
    const resolve = createMerchantResolver(database.db);
    const suffix = Date.now() % 100000;
    const vn = await createMerchant(database.db, `vn${suffix}`);
    await database.db
      .update(merchantSettings)
      .set({ timeZone: HO_CHI_MINH })
      .where(eq(merchantSettings.merchantId, vn));
    await createMerchant(database.db, `ph${suffix}`);
    vietnam = await resolve({ headerCode: `vn${suffix}`, host: '' });
    manila = await resolve({ headerCode: `ph${suffix}`, host: '' });
  });
  afterAll(async () => {
    await database.close();
  });

  const member = (merchant: Merchant) =>
    insertMember(database.db, {
      merchantId: merchant.id,
      username: `tz${randomUUID().slice(0, 8)}`,
      passwordHash: 'x',
      type: 0,
      uplineId: null,
    });

  /** A ledger entry of the member, then moved to `at`. */
  async function post(
    merchant: Merchant,
    type: EntryType,
    memberId: number,
    amount: bigint,
    other: AccountRef,
    at: Date,
    reference?: Record<string, string>,
  ) {
    const entry = await postMemberEntry(database.db, {
      merchantId: merchant.id,
      currency: merchant.currency,
      type,
      memberId,
      amount,
      other,
      reference,
    });
    // The journal refuses updates; the test lifts that briefly, as records.routes.test does.
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`alter table ledger_entries disable trigger ledger_entries_no_update_delete`,
      );
      await tx.execute(
        sql`update ledger_entries set created_at = ${at.toISOString()}::timestamptz where id = ${entry.entryId}`,
      );
      await tx.execute(
        sql`alter table ledger_entries enable trigger ledger_entries_no_update_delete`,
      );
    });
  }

  it('reads the setting once per merchant: Asia/Ho_Chi_Minh, or Asia/Manila by default', () => {
    expect(vietnam.timeZone).toBe(HO_CHI_MINH);
    expect(manila.timeZone).toBe('Asia/Manila');
  });

  // 2026-11-09T16:30Z is 23:30 on 2026-11-09 in Ho Chi Minh City and 00:30 on 2026-11-10 in Manila.
  const lateEvening = new Date('2026-11-09T16:30:00Z');

  it('puts a report figure on the day of the merchant’s own zone', async () => {
    for (const merchant of [vietnam, manila]) {
      const m = await member(merchant);
      await post(merchant, 'deposit', m.id, 10_000n, { kind: 'payments_in_transit' }, lateEvening);
    }
    const query = { from: '2026-11-09', to: '2026-11-10' };
    const vn = await dailyReport(withZones(database.db), vietnam, query);
    const ph = await dailyReport(withZones(database.db), manila, query);
    expect(vn.days.map((d) => [d.date, d.deposits])).toEqual([
      ['2026-11-09', 1],
      ['2026-11-10', 0],
    ]);
    expect(ph.days.map((d) => [d.date, d.deposits])).toEqual([
      ['2026-11-09', 0],
      ['2026-11-10', 1],
    ]);
  });

  it('groups a member’s record days and bounds a record range on its own midnight', async () => {
    const m = await member(vietnam);
    await post(vietnam, 'deposit', m.id, 100_000n, { kind: 'payments_in_transit' }, lateEvening);
    const game = { vendorCode: 'JILI', gameCategory: 'SLOTS', gameCode: 'g1' };
    await post(vietnam, 'bet', m.id, -1_000n, { kind: 'house' }, lateEvening, {
      ...game,
      roundId: randomUUID(),
    });
    // 17:00Z is midnight in Ho Chi Minh City: the next day.
    await post(vietnam, 'bet', m.id, -2_000n, { kind: 'house' }, new Date('2026-11-09T17:00:00Z'), {
      ...game,
      roundId: randomUUID(),
    });
    const owner = { merchant: vietnam, memberId: m.id };
    const both = await profitReport(database.db, owner, { from: '2026-11-09', to: '2026-11-10' });
    // Newest day first.
    expect(both.days.map((d) => [d.date, d.stake])).toEqual([
      ['2026-11-10', '20.00'],
      ['2026-11-09', '10.00'],
    ]);
    const first = await profitReport(database.db, owner, { from: '2026-11-09', to: '2026-11-09' });
    expect(first.days.map((d) => [d.date, d.stake])).toEqual([['2026-11-09', '10.00']]);
  });

  it('counts a daily transfer limit from the merchant’s own midnight', async () => {
    const sender = await member(vietnam);
    const receiver = await member(vietnam);
    const now = new Date();
    const midnight = dayStart(now, HO_CHI_MINH);
    expect(midnight).toEqual(
      startOfDayKey(
        new Date(now.getTime() + 7 * 60 * MINUTE).toISOString().slice(0, 10),
        HO_CHI_MINH,
      ),
    );
    await post(vietnam, 'deposit', sender.id, 500_000n, { kind: 'payments_in_transit' }, midnight);
    const to = { kind: 'member_main', memberId: receiver.id } as const;
    const before = await downlineTransferInfo(database.db, { merchant: vietnam, member: sender });
    // Sent half an hour before the merchant's midnight: yesterday's, today's limit is whole.
    await post(
      vietnam,
      'agent_transfer',
      sender.id,
      -10_000n,
      to,
      new Date(midnight.getTime() - 30 * MINUTE),
    );
    const yesterday = await downlineTransferInfo(database.db, {
      merchant: vietnam,
      member: sender,
    });
    expect(yesterday.limits.remainingToday).toBe(before.limits.remainingToday);
    // Sent at the merchant's midnight: today's.
    await post(vietnam, 'agent_transfer', sender.id, -20_000n, to, midnight);
    const today = await downlineTransferInfo(database.db, { merchant: vietnam, member: sender });
    expect(Number(before.limits.remainingToday) - Number(today.limits.remainingToday)).toBe(200);
  });

  it('lets an operator set the zone to an IANA name and refuses anything else', async () => {
    const app = await buildTestApp(database);
    try {
      const call = adminApi(app);
      const merchantId = await createMerchant(database.db, `tz${Date.now() % 100000}`);
      const owner = await signInOperator(app, database.db, { role: 'owner', merchantId });
      const read = await call(owner, 'GET', '/admin/api/system/settings');
      expect(read.json().value.timeZone).toBe('Asia/Manila');
      // The back office reads the scoped merchant's zone with the operator (its days and times).
      const zoneOfMe = async () =>
        (await call(owner, 'GET', '/admin/api/session/me')).json().value.scopeMerchant.timeZone;
      expect(await zoneOfMe()).toBe('Asia/Manila');
      for (const timeZone of ['Mars/Olympus_Mons', "Asia/Manila'", '', 480]) {
        const refused = await call(owner, 'PUT', '/admin/api/system/time-zone', { timeZone });
        expect(refused.statusCode, String(timeZone)).toBe(400);
      }
      const set = await call(owner, 'PUT', '/admin/api/system/time-zone', {
        timeZone: HO_CHI_MINH,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().value.timeZone).toBe(HO_CHI_MINH);
      // This process forgets its cached zone: the change shows at once, not after the cache's 10 s.
      expect(await zoneOfMe()).toBe(HO_CHI_MINH);
      const [audit] = await auditsOf(database.db, 'system.time_zone_update', merchantId);
      expect(audit).toMatchObject({
        before: { timeZone: 'Asia/Manila' },
        after: { timeZone: HO_CHI_MINH },
      });
    } finally {
      await app.close();
    }
  });
});
