import { createHash } from 'node:crypto';
import { canonicalJson } from '../../lib/canonical-json.js';
import { accountKey, type AccountKind, type AccountRef } from './accounts.js';
import type * as repo from './ledger.repository.js';

/**
 * What an entry is (decision 007): its type, its postings that sum to zero, the idempotency key
 * it is written under once, and the hash of the request the key is bound to.
 */

export const ENTRY_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_release',
  'vendor_transfer',
  'agent_transfer',
  'upline_transfer',
  'bet',
  'bet_settle',
  'bet_release',
  'payout',
  'bonus',
  'commission',
  'adjustment',
  /** Agent contract payouts (decision 014), one entry per contract and period. */
  'agent_dividend',
  'agent_daily_salary',
  'agent_hourly_salary',
  'agent_realtime_salary',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type Posting = { account: AccountRef; amount: bigint };

export type EntryRequest = {
  merchantId: number;
  currency: string;
  type: EntryType;
  /** Unique per merchant: a client request id, a vendor transaction id, a job period. */
  idempotencyKey: string;
  /** The member the movement is about (their records show it). */
  memberId?: number | null;
  reference?: Json;
  postings: Posting[];
};

export type PostedLine = {
  accountId: number;
  kind: AccountKind;
  memberId: number | null;
  vendorCode: string;
  shard: number;
  amount: bigint;
  balanceAfter: bigint;
};

export type EntryResult = {
  entryId: number;
  createdAt: Date;
  /** True when the key was used before with the same request: nothing moved this time. */
  replayed: boolean;
  lines: PostedLine[];
};

const MAX_KEY_LENGTH = 200;

/** Merges postings on the same account and checks the entry can be written. */
function normalise(request: EntryRequest): Posting[] {
  if (!request.idempotencyKey || request.idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new Error('ledger: an entry needs an idempotency key of 1 to 200 characters');
  }
  const merged = new Map<string, Posting>();
  for (const posting of request.postings) {
    const key = accountKey(posting.account);
    const existing = merged.get(key);
    if (existing && existing.account.kind !== posting.account.kind) {
      throw new Error('ledger: conflicting account references');
    }
    merged.set(key, {
      account: existing?.account ?? posting.account,
      amount: (existing?.amount ?? 0n) + posting.amount,
    });
  }
  const postings = [...merged.entries()]
    .filter(([, posting]) => posting.amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, posting]) => posting);
  const total = postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (postings.length < 2 || total !== 0n) {
    throw new Error('ledger: an entry needs two or more postings that sum to zero');
  }
  return postings;
}

function requestHash(request: EntryRequest, postings: Posting[]): string {
  const content = canonicalJson({
    type: request.type,
    currency: request.currency,
    memberId: request.memberId ?? null,
    reference: request.reference ?? null,
    postings: postings.map((posting) => ({
      account: accountKey(posting.account),
      amount: posting.amount,
    })),
  });
  return createHash('sha256').update(content).digest('hex');
}

/**
 * The checked, merged postings of a request (in lock order) and the hash its idempotency key is
 * bound to; throws like `postEntryIn` on a malformed request. The batcher prepares with it.
 */
export function prepareEntry(request: EntryRequest): { postings: Posting[]; hash: string } {
  const postings = normalise(request);
  return { postings, hash: requestHash(request, postings) };
}

export function toLines(stored: repo.StoredPosting[]): PostedLine[] {
  return stored.map((line) => ({ ...line, kind: line.kind as AccountKind }));
}

/** The ledger_entries row of a request (one entry or one of a batch), `hash` its request hash. */
export function entryRowOf(request: EntryRequest, hash: string): repo.BatchEntryRow {
  return {
    merchantId: request.merchantId,
    currency: request.currency,
    type: request.type,
    idempotencyKey: request.idempotencyKey,
    requestHash: hash,
    memberId: request.memberId ?? null,
    reference: request.reference ?? null,
  };
}
