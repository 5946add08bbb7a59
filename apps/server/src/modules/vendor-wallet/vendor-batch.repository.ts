import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { PreparedStatements } from '../../lib/prepared-statements.js';
import { BATCH_CHECK_FAILED, literal, type RawRow } from '../../lib/batch-sql.js';
import { turnoverStatementsIn } from '../bonus/index.js';
import { entryIdByKeyExpression, ledgerStatements } from '../ledger/index.js';

/**
 * Set-based statements of the vendor call batcher (vendor-batcher.ts): each reads or writes the
 * rows of many calls at once. They are prepared once per connection (`PreparedStatements`) and
 * executed with their lists as arguments written in the text (`EXECUTE name(lists)`); keys that
 * are joined against large tables travel as arrays (one generic plan: index lookups for lists of
 * any length), the rest as JSON. Every write checks its own row count and fails with
 * BATCH_CHECK_FAILED (division by zero) when another transaction got there first.
 */

export { BATCH_CHECK_FAILED };

const ints = (values: number[]) => `'{${values.join(',')}}'::integer[]`;
const bigints = (values: (number | bigint)[]) => `'{${values.join(',')}}'::bigint[]`;
const texts = (values: string[]) =>
  values.length === 0 ? `'{}'::text[]` : `array[${values.map(literal).join(',')}]::text[]`;
const bools = (values: boolean[]) => `'{${values.join(',')}}'::boolean[]`;
const json = (value: unknown) => `${literal(JSON.stringify(value))}::json`;

/** A statement that fails unless the rows of `body` number `expected` (an SQL expression). */
const checked = (body: string, expected: string) =>
  `with done as (${body}) select 1 / (case when (select count(*) from done) = ${expected}
                                           then 1 else 0 end) as ok`;

/** The statements below, prepared on each connection that runs a batch (`inBatchTransaction`). */
export const batchStatements = new PreparedStatements();

/** The ledger's set-based statements (its entries, its tables), prepared with the batch's. */
batchStatements.include(ledgerStatements);

/** The bonus module's turnover statements (its rule, its table), prepared with the batch's. */
export const turnover = turnoverStatementsIn(batchStatements);

export type SessionRow = {
  tokenHash: string;
  merchantId: number;
  memberId: number;
  vendorCode: string;
  expiresAt: number;
  revokedReason: string | null;
};

/**
 * The sessions of these token hashes. The list is char(64)[] like the column: against text[],
 * the column would be cast to text for each row, so its unique index could not serve the lookup
 * (every batch read the whole table).
 */
const execSessions = batchStatements.add(
  'vw_sessions',
  ['char(64)[]'],
  `select s.token_hash, s.merchant_id, s.member_id, s.vendor_code,
          (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms, s.revoked_reason
     from game_sessions s where s.token_hash = any($1)`,
);

export function sessionsSql(tokenHashes: string[]): string {
  return execSessions(`${texts(tokenHashes)}::char(64)[]`);
}

export function parseSessions(rows: RawRow[]): SessionRow[] {
  return rows.map((row) => ({
    tokenHash: String(row.token_hash),
    merchantId: Number(row.merchant_id),
    memberId: Number(row.member_id),
    vendorCode: String(row.vendor_code),
    expiresAt: Number(row.expires_ms),
    revokedReason: (row.revoked_reason as string | null) ?? null,
  }));
}

export type StoredTransaction = {
  id: number;
  credentialId: number;
  memberId: number;
  kind: string;
  transactionUuid: string;
  roundPk: number | null;
  amount: bigint;
  state: string;
  settled: boolean;
  contentHash: string | null;
  response: string | null;
};

const execLockTransactions = batchStatements.add(
  'vw_lock_transactions',
  ['integer[]', 'text[]'],
  `select t.id::text as id, t.credential_id, t.member_id, t.kind, t.transaction_uuid,
          t.round_pk::text as round_pk, t.amount::text as amount, t.state, t.settled,
          t.content_hash, t.response
     from unnest($1, $2) as x(c, u)
     join game_transactions t on t.credential_id = x.c and t.transaction_uuid = x.u
    order by t.id
      for update of t`,
);

/** The transaction rows of these (credential, transaction id) pairs, locked in id order. */
export function lockTransactionsSql(keys: { credentialId: number; uuid: string }[]): string {
  return execLockTransactions(
    ints(keys.map((key) => key.credentialId)),
    texts(keys.map((key) => key.uuid)),
  );
}

export function parseTransactions(rows: RawRow[]): StoredTransaction[] {
  return rows.map((row) => ({
    id: Number(row.id),
    credentialId: Number(row.credential_id),
    memberId: Number(row.member_id),
    kind: String(row.kind),
    transactionUuid: String(row.transaction_uuid),
    roundPk: row.round_pk === null ? null : Number(row.round_pk),
    amount: BigInt(row.amount as string),
    state: String(row.state),
    settled: row.settled === true || row.settled === 't',
    contentHash: row.content_hash === null ? null : (row.content_hash as string),
    response: row.response === null ? null : (row.response as string),
  }));
}

export type RoundKey = {
  merchantId: number;
  vendorCode: string;
  memberId: number;
  roundId: string;
};

export type StoredRound = RoundKey & {
  id: number;
  gameCode: string;
  gameCategory: string;
  betTotal: bigint;
  winTotal: bigint;
  refundTotal: bigint;
  betCount: number;
  winCount: number;
  rollbackCount: number;
  closed: boolean;
};

const execLockRounds = batchStatements.add(
  'vw_lock_rounds',
  ['integer[]', 'text[]', 'integer[]', 'text[]', 'integer[]', 'text[]'],
  `select r.id::text as id, r.merchant_id, r.member_id, r.vendor_code, r.round_id,
          r.game_code, r.game_category, r.bet_total::text as bet_total,
          r.win_total::text as win_total, r.refund_total::text as refund_total,
          r.bet_count, r.win_count, r.rollback_count, r.closed
     from game_rounds r
    where r.id in (
            select g.id
              from unnest($1, $2, $3, $4) as x(m, v, mem, rid)
              join game_rounds g on g.merchant_id = x.m and g.vendor_code = x.v
                                and g.member_id = x.mem and g.round_id = x.rid
            union all
            select t.round_pk
              from unnest($5, $6) as y(c, u)
              join game_transactions t on t.credential_id = y.c and t.transaction_uuid = y.u
             where t.round_pk is not null)
    order by r.id
      for update of r`,
);

/**
 * The rounds named by key (bets) and the rounds of these transactions (the bets a win or
 * rollback refers to), locked in id order.
 */
export function lockRoundsSql(
  keys: RoundKey[],
  ofTransactions: { credentialId: number; uuid: string }[],
): string {
  return execLockRounds(
    ints(keys.map((key) => key.merchantId)),
    texts(keys.map((key) => key.vendorCode)),
    ints(keys.map((key) => key.memberId)),
    texts(keys.map((key) => key.roundId)),
    ints(ofTransactions.map((key) => key.credentialId)),
    texts(ofTransactions.map((key) => key.uuid)),
  );
}

export function parseRounds(rows: RawRow[]): StoredRound[] {
  return rows.map((row) => ({
    id: Number(row.id),
    merchantId: Number(row.merchant_id),
    memberId: Number(row.member_id),
    vendorCode: String(row.vendor_code),
    roundId: String(row.round_id),
    gameCode: String(row.game_code),
    gameCategory: String(row.game_category),
    betTotal: BigInt(row.bet_total as string),
    winTotal: BigInt(row.win_total as string),
    refundTotal: BigInt(row.refund_total as string),
    betCount: Number(row.bet_count),
    winCount: Number(row.win_count),
    rollbackCount: Number(row.rollback_count),
    closed: row.closed === true || row.closed === 't',
  }));
}

export type PlayerRow = {
  id: number;
  merchantId: number;
  username: string;
  nickname: string | null;
  status: string;
  type: number;
};

/** The members of these (merchant, lower-case username) pairs. */
export async function findPlayers(
  db: Db,
  keys: { merchantId: number; username: string }[],
): Promise<PlayerRow[]> {
  const result: unknown = await db.execute(
    sql.raw(`select m.id, m.merchant_id, m.username, m.nickname, m.status, m.type
               from unnest(${ints(keys.map((key) => key.merchantId))},
                           ${texts(keys.map((key) => key.username))}) as x(mer, u)
               join members m on m.merchant_id = x.mer and m.username = x.u`),
  );
  // Both drivers answer a raw query with `{ rows }`; the result type does not say so.
  return parsePlayers((result as { rows: RawRow[] }).rows);
}

const execMembers = batchStatements.add(
  'vw_members',
  ['integer[]'],
  `select m.id, m.merchant_id, m.username, m.nickname, m.status, m.type
     from members m where m.id = any($1)`,
);

/** The members of these ids, as of now. */
export function membersSql(ids: number[]): string {
  return execMembers(ints(ids));
}

export function parsePlayers(rows: RawRow[]): PlayerRow[] {
  return rows.map((row) => ({
    id: Number(row.id),
    merchantId: Number(row.merchant_id),
    username: String(row.username),
    nickname: row.nickname === null ? null : (row.nickname as string),
    status: String(row.status),
    type: Number(row.type),
  }));
}

export type NewRound = RoundKey & {
  gameCode: string;
  gameCategory: string;
  currency: string;
  betTotal: bigint;
  winTotal: bigint;
  refundTotal: bigint;
  betCount: number;
  winCount: number;
  rollbackCount: number;
  closed: boolean;
};

const roundJson = (round: NewRound) => ({
  merchant_id: round.merchantId,
  member_id: round.memberId,
  vendor_code: round.vendorCode,
  round_id: round.roundId,
  game_code: round.gameCode,
  game_category: round.gameCategory,
  currency: round.currency,
  bet_total: round.betTotal.toString(),
  win_total: round.winTotal.toString(),
  refund_total: round.refundTotal.toString(),
  bet_count: round.betCount,
  win_count: round.winCount,
  rollback_count: round.rollbackCount,
  closed: round.closed,
});

const execInsertRounds = batchStatements.add(
  'vw_insert_rounds',
  ['json', 'bigint'],
  checked(
    `insert into game_rounds (merchant_id, member_id, vendor_code, round_id, game_code,
       game_category, currency, bet_total, win_total, refund_total, bet_count, win_count,
       rollback_count, closed)
     select merchant_id, member_id, vendor_code, round_id, game_code, game_category, currency,
            bet_total::bigint, win_total::bigint, refund_total::bigint, bet_count, win_count,
            rollback_count, closed
       from json_to_recordset($1) as x(merchant_id integer,
              member_id integer, vendor_code text, round_id text, game_code text,
              game_category text, currency char(3), bet_total text, win_total text,
              refund_total text, bet_count integer, win_count integer, rollback_count integer,
              closed boolean)
     on conflict (merchant_id, vendor_code, member_id, round_id) do nothing
     returning 1`,
    '$2',
  ),
);

/** Opens the rounds first seen in the batch with their totals after it. */
export function insertRoundsSql(rounds: NewRound[]): string {
  return execInsertRounds(json(rounds.map(roundJson)), rounds.length);
}

const execUpdateRounds = batchStatements.add(
  'vw_update_rounds',
  [
    'bigint[]',
    'bigint[]',
    'bigint[]',
    'bigint[]',
    'integer[]',
    'integer[]',
    'integer[]',
    'boolean[]',
    'bigint',
  ],
  checked(
    `update game_rounds r
        set bet_total = x.bt, win_total = x.wt, refund_total = x.rt, bet_count = x.bc,
            win_count = x.wc, rollback_count = x.rc, closed = x.cl, updated_at = now()
       from unnest($1, $2, $3, $4, $5, $6, $7, $8) as x(id, bt, wt, rt, bc, wc, rc, cl)
      where r.id = x.id
      returning 1`,
    '$9',
  ),
);

/** Sets the totals after the batch of rounds it had locked. */
export function updateRoundsSql(rounds: StoredRound[]): string {
  return execUpdateRounds(
    bigints(rounds.map((round) => round.id)),
    bigints(rounds.map((round) => round.betTotal)),
    bigints(rounds.map((round) => round.winTotal)),
    bigints(rounds.map((round) => round.refundTotal)),
    ints(rounds.map((round) => round.betCount)),
    ints(rounds.map((round) => round.winCount)),
    ints(rounds.map((round) => round.rollbackCount)),
    bools(rounds.map((round) => round.closed)),
    rounds.length,
  );
}

export type NewTransaction = {
  merchantId: number;
  credentialId: number;
  memberId: number;
  kind: string;
  transactionUuid: string;
  referenceUuid: string | null;
  /** The round's id when it existed before the batch, else its key (opened by the batch). */
  roundPk: number | null;
  roundKey: RoundKey | null;
  amount: bigint;
  state: string;
  settled: boolean;
  contentHash: string | null;
  response: string | null;
  /** The ledger entry's idempotency key, when the call wrote one. */
  ledgerKey: string | null;
};

const execInsertTransactions = batchStatements.add(
  'vw_insert_transactions',
  ['json', 'bigint'],
  checked(
    `insert into game_transactions (merchant_id, credential_id, member_id, kind,
       transaction_uuid, reference_uuid, round_pk, amount, state, settled, content_hash,
       response, ledger_entry_id)
     select x.merchant_id, x.credential_id, x.member_id, x.kind, x.transaction_uuid,
            x.reference_uuid,
            coalesce(x.round_pk,
              (select g.id from game_rounds g
                where x.round_id is not null and g.merchant_id = x.merchant_id
                  and g.vendor_code = x.round_vendor and g.member_id = x.round_member
                  and g.round_id = x.round_id)),
            x.amount::bigint, x.state, x.settled, x.content_hash, x.response,
            ${entryIdByKeyExpression({ merchantId: 'x.merchant_id', key: 'x.ledger_key' })}
       from json_to_recordset($1) as x(merchant_id integer, credential_id integer,
              member_id integer, kind text, transaction_uuid text, reference_uuid text,
              round_pk bigint, round_vendor text, round_member integer, round_id text,
              amount text, state text, settled boolean, content_hash text, response text,
              ledger_key text)
     on conflict (credential_id, transaction_uuid) do nothing
     returning 1`,
    '$2',
  ),
);

/**
 * Inserts the transaction rows first seen in the batch, with their round (by id, or by key for
 * a round the batch opened) and their ledger entry (by its key, written by the statement before).
 */
export function insertTransactionsSql(rows: NewTransaction[]): string {
  const list = rows.map((row) => ({
    merchant_id: row.merchantId,
    credential_id: row.credentialId,
    member_id: row.memberId,
    kind: row.kind,
    transaction_uuid: row.transactionUuid,
    reference_uuid: row.referenceUuid,
    round_pk: row.roundPk,
    round_vendor: row.roundKey?.vendorCode ?? null,
    round_member: row.roundKey?.memberId ?? null,
    round_id: row.roundKey?.roundId ?? null,
    amount: row.amount.toString(),
    state: row.state,
    settled: row.settled,
    content_hash: row.contentHash,
    response: row.response,
    ledger_key: row.ledgerKey,
  }));
  return execInsertTransactions(json(list), rows.length);
}

const execUpdateTransactions = batchStatements.add(
  'vw_update_transactions',
  ['bigint[]', 'text[]', 'boolean[]', 'text[]', 'text[]', 'bigint'],
  checked(
    `update game_transactions t
        set state = x.st, settled = x.se, content_hash = x.ch, response = x.re
       from unnest($1, $2, $3, $4, $5) as x(id, st, se, ch, re)
      where t.id = x.id
      returning 1`,
    '$6',
  ),
);

/** The new state of transaction rows the batch had locked. */
export function updateTransactionsSql(
  rows: {
    id: number;
    state: string;
    settled: boolean;
    contentHash: string | null;
    response: string | null;
  }[],
): string {
  const nullable = (values: (string | null)[]) =>
    values.length === 0
      ? `'{}'::text[]`
      : `array[${values.map((value) => (value === null ? 'null' : literal(value))).join(',')}]::text[]`;
  return execUpdateTransactions(
    bigints(rows.map((row) => row.id)),
    texts(rows.map((row) => row.state)),
    bools(rows.map((row) => row.settled)),
    nullable(rows.map((row) => row.contentHash)),
    nullable(rows.map((row) => row.response)),
    rows.length,
  );
}
