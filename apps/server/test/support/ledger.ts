import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { gameRounds, moneySettings, withdrawals } from '../../src/db/schema/index.js';
import type { AccountRef } from '../../src/modules/ledger/accounts.js';
import { placeHold, postEntry, type EntryType } from '../../src/modules/ledger/ledger.service.js';
import { insertMember } from '../../src/modules/member/member.repository.js';
import { DEFAULT_MONEY_SETTINGS } from '../../src/modules/wallet/money-settings.js';

export const MERCHANT_ID = 1;
export const CURRENCY = 'PHP';

let sequence = 0;

/**
 * A member row of the default merchant, in the agent tree like every account: at the top, or
 * under `options.uplineId`.
 */
export async function createMember(
  db: Db,
  options: { uplineId?: number; type?: number; username?: string } = {},
): Promise<number> {
  sequence += 1;
  const row = await insertMember(db, {
    merchantId: MERCHANT_ID,
    username: options.username ?? `ledger${process.pid}x${sequence}x${Date.now() % 100000}`,
    passwordHash: 'not-a-real-hash',
    type: options.type ?? 0,
    uplineId: options.uplineId ?? null,
  });
  return row.id;
}

/** Credits the member's main wallet from payments in transit, as a completed deposit does. */
export async function fund(db: Db, memberId: number, amount: bigint, key: string = randomUUID()) {
  return postEntry(db, {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type: 'deposit',
    idempotencyKey: key,
    memberId,
    postings: [
      { account: { kind: 'member_main', memberId }, amount },
      { account: { kind: 'payments_in_transit' }, amount: -amount },
    ],
  });
}

/** Sets some of the default merchant's money settings (the defaults for the rest when it had none). */
export async function setMoneySettings(
  db: Db,
  values: Partial<typeof moneySettings.$inferInsert>,
): Promise<void> {
  await db
    .insert(moneySettings)
    .values({ ...DEFAULT_MONEY_SETTINGS, merchantId: MERCHANT_ID, ...values })
    .onConflictDoUpdate({ target: moneySettings.merchantId, set: values });
}

/**
 * A withdrawal row of `amount` to a test payee, its amount held from the member's main wallet as
 * a request holds it; `values` gives its status (and times).
 */
export async function insertHeldWithdrawal(
  db: Db,
  order: { merchantId: number; memberId: number; amount: bigint },
  values: Partial<typeof withdrawals.$inferInsert> & { status: string },
): Promise<void> {
  const { merchantId, memberId, amount } = order;
  const hold = await placeHold(db, {
    merchantId,
    currency: CURRENCY,
    type: 'withdrawal',
    idempotencyKey: randomUUID(),
    memberId,
    source: { kind: 'member_main', memberId },
    holdKind: 'withdrawals_pending',
    amount,
  });
  await db.insert(withdrawals).values({
    merchantId,
    memberId,
    currency: CURRENCY,
    amount,
    payeeMethod: 'gcash',
    payeeName: 'Test Payee',
    payeeAccount: '09171234567',
    clientRequestId: randomUUID(),
    requestHash: '0'.repeat(64),
    holdId: hold.holdId,
    holdEntryId: hold.entry.entryId,
    ...values,
  });
}

let roundSequence = 0;

/**
 * A closed RNG round of a member of the default merchant: `stake` bet, `win` paid back (none when
 * not given), closed at `at`; `vendor` names its vendor code and its game (`<vendor>-1`).
 */
export async function insertClosedRound(
  db: Db,
  round: { memberId: number; vendor: string; stake: bigint; win?: bigint; at: Date },
): Promise<void> {
  roundSequence += 1;
  const win = round.win ?? 0n;
  await db.insert(gameRounds).values({
    merchantId: MERCHANT_ID,
    memberId: round.memberId,
    vendorCode: round.vendor,
    roundId: `${round.vendor.toLowerCase()}-${process.pid}-${roundSequence}-${Date.now()}`,
    gameCode: `${round.vendor}-1`,
    gameCategory: 'RNG',
    currency: CURRENCY,
    betTotal: round.stake,
    winTotal: win,
    betCount: 1,
    winCount: win > 0n ? 1 : 0,
    closed: true,
    createdAt: round.at,
    updatedAt: round.at,
  });
}

/**
 * A ledger entry of `type` between the member's main wallet and `other`: `amount` into the
 * wallet (out of it when negative), with `reference` when given.
 */
export function postMemberEntry(
  db: Db,
  entry: {
    merchantId: number;
    currency: string;
    type: EntryType;
    memberId: number;
    amount: bigint;
    other: AccountRef;
    reference?: Record<string, string> | undefined;
  },
) {
  const { memberId, amount, reference } = entry;
  return postEntry(db, {
    merchantId: entry.merchantId,
    currency: entry.currency,
    type: entry.type,
    idempotencyKey: randomUUID(),
    memberId,
    ...(reference ? { reference } : {}),
    postings: [
      { account: { kind: 'member_main', memberId }, amount },
      { account: entry.other, amount: -amount },
    ],
  });
}
