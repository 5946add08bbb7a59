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
import { inCallerTransaction } from './sessions.js';
import { runSetBatch } from './set-batch.js';

export { ENTRY_TYPES, entryRowOf, prepareEntry, toLines } from './entry.js';
export type { EntryRequest, EntryResult, EntryType, PostedLine, Posting } from './entry.js';

/**
 * The ledger is the only code that changes a balance (ARCHITECTURE.md, money). An entry moves
 * money between accounts: its postings sum to zero, it is written once under its idempotency key,
 * and the cached balances of its accounts change in the same transaction.
 */

/**
 * Writes one entry inside the caller's transaction. A replay (same key, same request) returns the
 * original result; the same key with a different request is DUPLICATE_TRANSACTION; a member
 * account that would go below zero is INSUFFICIENT_BALANCE. Either error is thrown before anything
 * is written; the caller's transaction decides what else to undo.
 *
 * A batch of one on the ledger's one writer (`runSetBatch`, decision 023), on the caller's
 * connection: one round trip opens and locks the accounts and reads the key, one writes the entry.
 * A key another transaction took in between fails the statement (BATCH_CHECK_FAILED), which
 * `inTransaction` runs again (then it is a replay).
 */
export async function postEntryIn(tx: Db, request: EntryRequest): Promise<EntryResult> {
  const prepared = { request, ...prepareEntry(request) };
  const [outcome] = await inCallerTransaction(
    tx,
    (run) => runSetBatch(run, [prepared]),
    repo.ledgerStatements,
  );
  if (!outcome!.ok) throw outcome!.error;
  return outcome!.result;
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

/**
 * Locks the member's row until the transaction ends (FOR NO KEY UPDATE): one account's money
 * moves (transfers, game-wallet transfers) are counted against its limits one at a time.
 */
export function lockSender(tx: Db, memberId: number): Promise<void> {
  return repo.lockSender(tx, memberId);
}

/** The entry written under this idempotency key, or null when the key is free. */
export function findEntryByKey(tx: Db, merchantId: number, idempotencyKey: string) {
  return repo.findEntryByKey(tx, merchantId, idempotencyKey);
}
