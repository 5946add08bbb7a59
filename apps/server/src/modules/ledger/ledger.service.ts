import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  isMemberAccount,
  type AccountKind,
  type AccountRef,
  type HoldKind,
  type MerchantAccountKind,
} from './accounts.js';
import {
  prepareEntry,
  type EntryRequest,
  type EntryResult,
  type Json,
  type Posting,
} from './entry.js';
import * as repo from './ledger.repository.js';
import { postSetBased, type BatchOutcome } from './set-batch.js';
import { sessionOn } from './session.js';

export {
  ENTRY_TYPES,
  prepareEntry,
  toLines,
  type EntryRequest,
  type EntryResult,
  type EntryType,
  type PostedLine,
  type Posting,
} from './entry.js';

/**
 * The ledger is the only code that changes a balance (ARCHITECTURE.md, money). An entry moves
 * money between accounts: its postings sum to zero, it is written once under its idempotency key,
 * and the cached balances of its accounts change in the same transaction.
 */

/** serialization_failure: what `inTransaction` reruns. */
const SERIALIZATION_FAILURE = '40001';

/**
 * The ledger's write lost a race inside the caller's transaction (another transaction took the
 * entry's key, or changed a balance, between the read and the write; decision 007, "One money
 * path"). The transaction is aborted; like a serialization failure, the caller's `inTransaction`
 * runs it again, and the entry is then answered as a replay or decided afresh.
 */
export class LedgerRaceLost extends Error {
  readonly code = SERIALIZATION_FAILURE;
  constructor(readonly failure: unknown) {
    super('ledger: the entry lost a race with another transaction; run the transaction again');
  }
}

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

/**
 * Writes one entry inside the caller's transaction: a batch of one on the ledger's one write path
 * (`postSetBased`). A replay (same key, same request) returns the original result; the same key
 * with a different request is DUPLICATE_TRANSACTION; a member account that would go below zero is
 * INSUFFICIENT_BALANCE. Either error leaves the transaction to be rolled back by the caller, so
 * nothing moves; a lost race is LedgerRaceLost, which `inTransaction` runs again.
 */
export async function postEntryIn(tx: Db, request: EntryRequest): Promise<EntryResult> {
  const prepared = { request, ...prepareEntry(request) };
  let outcome: BatchOutcome;
  try {
    [outcome] = (await postSetBased(sessionOn(tx), [prepared], false)) as [BatchOutcome];
  } catch (error) {
    if (sqlState(error) === repo.BATCH_CHECK_FAILED) throw new LedgerRaceLost(error);
    throw error;
  }
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

/** Writes one entry in its own transaction (retried on serialization failures and deadlocks). */
export function postEntry(db: Db, request: EntryRequest): Promise<EntryResult> {
  return inTransaction(db, (tx) => postEntryIn(tx, request));
}

export type HoldRequest = Omit<EntryRequest, 'postings' | 'memberId'> & {
  memberId: number;
  /** The member account the amount leaves (main wallet, usually). */
  source: Extract<AccountRef, { memberId: number }>;
  holdKind: HoldKind;
  amount: bigint;
};

export type HoldResult = { holdId: number; entry: EntryResult };

/**
 * First phase: the amount leaves the member's account into a holding account. Fails with
 * INSUFFICIENT_BALANCE like any debit; a replay returns the same hold.
 */
export async function placeHoldIn(tx: Db, request: HoldRequest): Promise<HoldResult> {
  if (request.amount <= 0n) throw new Error('ledger: a hold needs a positive amount');
  const entry = await postEntryIn(tx, {
    ...request,
    postings: [
      { account: request.source, amount: -request.amount },
      { account: { kind: request.holdKind }, amount: request.amount },
    ],
  });
  const source = entry.lines.find((line) => line.memberId !== null)!;
  const held = entry.lines.find((line) => line.kind === request.holdKind)!;
  const hold =
    (await repo.insertHold(tx, {
      merchantId: request.merchantId,
      currency: request.currency,
      memberId: request.memberId,
      sourceAccountId: source.accountId,
      holdAccountId: held.accountId,
      amount: request.amount,
      placeEntryId: entry.entryId,
    })) ?? (await repo.findHoldByPlaceEntry(tx, entry.entryId));
  return { holdId: hold!.id, entry };
}

export function placeHold(db: Db, request: HoldRequest): Promise<HoldResult> {
  return inTransaction(db, (tx) => placeHoldIn(tx, request));
}

export type SettleRequest = Omit<EntryRequest, 'postings' | 'merchantId' | 'currency'> & {
  holdId: number;
} & (
    | {
        /** Second phase, success: the held amount goes to these merchant accounts. */
        outcome: 'post';
        to: { kind: MerchantAccountKind; amount: bigint }[];
      }
    | {
        /** Second phase, cancelled: the held amount goes back to the member. */
        outcome: 'void';
      }
  );

/**
 * Second phase of a hold, exactly once: posted on or voided back. A replay of the same settlement
 * returns its original result; any other settlement of a settled hold is HOLD_NOT_PENDING.
 */
export async function settleHoldIn(tx: Db, request: SettleRequest): Promise<EntryResult> {
  const hold = await repo.lockHold(tx, request.holdId);
  if (!hold) throw new AppError('NOT_FOUND');
  if (hold.status !== 'pending') {
    // Only the settlement that settled it may come again (and is answered as a replay below).
    const earlier = await repo.findEntryByKey(tx, hold.merchantId, request.idempotencyKey);
    if (!earlier || earlier.id !== hold.settleEntryId) throw new AppError('HOLD_NOT_PENDING');
  }
  const accounts = await repo.accountsByIds(tx, [hold.sourceAccountId, hold.holdAccountId]);
  const source = accounts.find((row) => row.id === hold.sourceAccountId)!;
  const holding = accounts.find((row) => row.id === hold.holdAccountId)!;
  const holdAccount: AccountRef = {
    kind: holding.kind as MerchantAccountKind,
    shard: holding.shard,
  };
  const sourceAccount = (
    source.kind === 'member_vendor'
      ? { kind: 'member_vendor', memberId: source.memberId!, vendorCode: source.vendorCode }
      : { kind: source.kind, memberId: source.memberId! }
  ) as AccountRef;
  const destinations: Posting[] =
    request.outcome === 'void'
      ? [{ account: sourceAccount, amount: hold.amount }]
      : request.to.map((to) => ({ account: { kind: to.kind }, amount: to.amount }));
  const entry = await postEntryIn(tx, {
    type: request.type,
    idempotencyKey: request.idempotencyKey,
    merchantId: hold.merchantId,
    currency: hold.currency,
    memberId: request.memberId ?? hold.memberId,
    reference: { holdId: hold.id, outcome: request.outcome, ...asObject(request.reference) },
    postings: [{ account: holdAccount, amount: -hold.amount }, ...destinations],
  });
  if (!entry.replayed) {
    const status = request.outcome === 'post' ? 'posted' : 'voided';
    await repo.markHoldSettled(tx, hold.id, status, entry.entryId);
  }
  return entry;
}

export function settleHold(db: Db, request: SettleRequest): Promise<EntryResult> {
  return inTransaction(db, (tx) => settleHoldIn(tx, request));
}

function asObject(value: Json | undefined): Record<string, Json> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export type MemberAccountBalance = {
  kind: AccountKind;
  vendorCode: string;
  balance: bigint;
};

/** Every account the member holds in the currency (none until their first movement). */
export async function memberBalances(
  db: Db,
  merchantId: number,
  memberId: number,
  currency: string,
): Promise<MemberAccountBalance[]> {
  const rows = await repo.memberAccounts(db, merchantId, memberId, currency);
  return rows.map((row) => ({
    kind: row.kind as AccountKind,
    vendorCode: row.vendorCode,
    balance: row.balance,
  }));
}

/** The member's main wallet; 0 before their first movement. */
export async function mainBalance(
  db: Db,
  merchantId: number,
  memberId: number,
  currency: string,
): Promise<bigint> {
  const accounts = await memberBalances(db, merchantId, memberId, currency);
  return accounts.find((account) => account.kind === 'member_main')?.balance ?? 0n;
}

export function merchantBalance(
  db: Db,
  merchantId: number,
  currency: string,
  kind: MerchantAccountKind,
): Promise<bigint> {
  return repo.merchantAccountBalance(db, merchantId, currency, kind);
}

export { isMemberAccount };
