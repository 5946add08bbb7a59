import { createHash, randomBytes } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  parseAmount,
  UNKNOWN_GAME_CATEGORY,
  VENDOR_API_PREFIX,
  VendorBalanceRequest,
  VendorBetRequest,
  VendorRollbackRequest,
  VendorWinRequest,
  type GameLedgerReference,
  type VendorCall,
  type VendorStatus,
} from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { inTransaction } from '../../lib/transaction.js';
import { recordTurnoverIn } from '../bonus/index.js';
import { mainBalance, postEntryIn, type EntryResult } from '../ledger/index.js';
import {
  answerBody,
  hashToken,
  sessionRefusal,
  statusOf,
  vendorLedgerKey,
  type AnswerFields,
} from './vendor-answer.js';
import {
  createVendorCallBatcher,
  type TransactionCall,
  type VendorCallBatcher,
  type VendorCallBatcherOptions,
  type VendorJob,
} from './vendor-batcher.js';
import type { DoorSwitches } from '../system/index.js';
import * as repo from './vendor-wallet.repository.js';
import * as transfers from './vendor-transfer.repository.js';
import { verifySignature } from './vendor-signature.js';

export { hashToken };
export { revokeGameSessions } from './vendor-wallet.repository.js';

/**
 * The vendor wallet API (docs/vendor-wallet-api.md): game vendors read a member's balance and
 * move money for bets, wins and rollbacks. Every call is checked in the documented order; every
 * money movement goes through the ledger in the same database transaction as the call's
 * transaction row and its stored answer, so a replay (however concurrent) finds either nothing
 * (and applies it) or the committed answer (and sends the same bytes again).
 */

/** How long a launch token is good for balance and bet calls. */
export const GAME_SESSION_HOURS = 12;
/** How long a credential or game lookup is reused; short, so an operator's change shows soon. */
const CACHE_MS = 10_000;

export type VendorCallInput = {
  merchantId: number;
  /** The X-Vendor-Code header. */
  vendorCode: string | undefined;
  /** `user/balance`, ... with or without the `/vendor-api/v1/` prefix. */
  path: string;
  /** The body exactly as received (the signature covers these bytes). */
  rawBody: string;
  /** The X-Signature header. */
  signature: string | undefined;
};

export type VendorCallResult = {
  status: VendorStatus;
  /** The JSON answer, byte for byte what a replay of the call gets. */
  body: string;
  /** The ledger entry this call wrote (not on replays), for publishing the new balance. */
  entry: EntryResult | null;
  merchantId: number;
  currency: string | null;
  /** The failure behind RS_ERROR_UNKNOWN, for the caller's log. */
  error?: unknown;
};

type Credential = repo.CredentialRow;
type Player = repo.PlayerRow;

/** An answer that is not stored: the transaction is rolled back and nothing is kept. */
class Refusal extends Error {
  constructor(
    readonly status: VendorStatus,
    readonly body: string,
  ) {
    super(status);
  }
}

const caches = new WeakMap<Db, Map<string, { value: unknown; at: number }>>();

/** A per-database memo of slowly changing rows (credentials, games). */
async function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, { value: unknown; at: number }>()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
  const value = await load();
  cache.set(key, { value, at: Date.now() });
  return value;
}

/**
 * Creates the launch token of one member, vendor and game (the launch call hands it to the
 * vendor); only its hash is stored.
 */
export async function createGameSession(
  db: Db,
  input: { merchantId: number; memberId: number; vendorId: number; gameCode: string },
): Promise<{ token: string; expiresAt: Date }> {
  const vendor = await repo.findVendor(db, input.merchantId, input.vendorId);
  if (!vendor) throw new AppError('NOT_FOUND', { vendorId: input.vendorId });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + GAME_SESSION_HOURS * 3_600_000);
  await repo.insertSession(db, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    vendorId: vendor.id,
    vendorCode: vendor.code,
    gameCode: input.gameCode,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return { token, expiresAt };
}

const SCHEMAS = {
  'user/info': VendorBalanceRequest,
  'user/balance': VendorBalanceRequest,
  'transaction/bet': VendorBetRequest,
  'transaction/win': VendorWinRequest,
  'transaction/rollback': VendorRollbackRequest,
} satisfies Record<VendorCall, z.ZodType>;

function callOf(path: string): VendorCall | undefined {
  const relative = path.startsWith(`${VENDOR_API_PREFIX}/`)
    ? path.slice(VENDOR_API_PREFIX.length + 1)
    : path;
  return relative in SCHEMAS ? (relative as VendorCall) : undefined;
}

/** A missing field is a syntax error; a present one of the wrong type or range a type error. */
function syntaxOrTypes(body: Record<string, unknown>, issues: z.core.$ZodIssue[]): VendorStatus {
  const missing = issues.some((issue) => {
    let value: unknown = body;
    for (const key of issue.path) value = (value as Record<PropertyKey, unknown>)?.[key];
    return value === undefined;
  });
  return missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES';
}

/** The call's content as a replay must repeat it: everything but request_uuid and token. */
function contentHash(call: VendorCall, body: Record<string, unknown>): string {
  const content = { ...body, call, request_uuid: undefined, token: undefined };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/**
 * Answers one vendor call: what the HTTP route and the in-house game both call, with exactly
 * what the vendor sent. Never throws: a failure of the platform is RS_ERROR_UNKNOWN (nothing was
 * committed, the vendor retries with the same ids).
 */
/** What a vendor call needs of the app: the secret box (vendor secrets) and door switches. */
export type VendorCallDeps = { db: Db; secrets: SecretBox; switches: DoorSwitches };

export async function handleVendorCall(
  deps: VendorCallDeps,
  input: VendorCallInput,
): Promise<VendorCallResult> {
  try {
    return await answerCall(deps, input);
  } catch (error) {
    const status = 'RS_ERROR_UNKNOWN';
    const blank = { request_uuid: null, user: null, currency: null, balance: null };
    return {
      status,
      body: answerBody(status, blank),
      entry: null,
      merchantId: input.merchantId,
      currency: null,
      error,
    };
  }
}

async function answerCall(
  { db, secrets, switches }: VendorCallDeps,
  input: VendorCallInput,
): Promise<VendorCallResult> {
  const result = (status: VendorStatus, body: string, currency: string | null = null) => ({
    status,
    body,
    entry: null,
    merchantId: input.merchantId,
    currency,
  });
  const blank = { request_uuid: null, user: null, currency: null, balance: null };
  const call = callOf(input.path);
  if (!call) return result('RS_ERROR_WRONG_SYNTAX', answerBody('RS_ERROR_WRONG_SYNTAX', blank));
  const credential = input.vendorCode
    ? await cached(db, `credential:${input.merchantId}:${input.vendorCode}`, () =>
        repo.findCredential(db, input.merchantId, input.vendorCode!),
      )
    : undefined;
  if (!credential || !credential.enabled || credential.walletMode !== 'seamless') {
    return result('RS_ERROR_INVALID_PARTNER', answerBody('RS_ERROR_INVALID_PARTNER', blank));
  }
  const currency = credential.currency;
  const plain = (status: VendorStatus, fields: Partial<AnswerFields> = {}) =>
    result(status, answerBody(status, { ...blank, currency, ...fields }), currency);
  const secret = secrets.open(credential.secret);
  if (!verifySignature({ ...credential, secret }, input.rawBody, input.signature)) {
    return plain('RS_ERROR_INVALID_SIGNATURE');
  }

  let body: unknown;
  try {
    body = JSON.parse(input.rawBody);
  } catch {
    return plain('RS_ERROR_WRONG_SYNTAX');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return plain('RS_ERROR_WRONG_SYNTAX');
  }
  const fields = body as Record<string, unknown>;
  const echo = { request_uuid: fields.request_uuid, user: fields.user };
  const parsed = SCHEMAS[call].safeParse(body);
  if (!parsed.success) return plain(syntaxOrTypes(fields, parsed.error.issues), echo);
  if ('currency' in parsed.data && parsed.data.currency !== currency) {
    return plain('RS_ERROR_WRONG_CURRENCY', echo);
  }
  const hash = contentHash(call, fields);
  if (call !== 'user/info' && call !== 'user/balance' && batching(db)) {
    // Bets, wins and rollbacks on the database itself (not inside a caller's transaction) are
    // answered in batches with the calls that arrive at the same time.
    // Submitted at once, so calls keep the order they arrived in; the batch awaits the lookup.
    const game =
      call === 'transaction/bet'
        ? findGameCached(db, credential, (parsed.data as VendorBetRequest).game_code).then(
            (row) => row ?? null,
          )
        : Promise.resolve(null);
    const answer = await batcherFor(db, switches).submit({
      call,
      credential,
      hash,
      echo,
      request: parsed.data as VendorJob['request'],
      game,
    });
    return { ...answer, merchantId: input.merchantId, currency };
  }
  const player = await repo.findPlayer(db, input.merchantId, parsed.data.user);
  if (!player) return plain('RS_ERROR_INVALID_USER', echo);

  const context: CallContext = { db, switches, credential, player, call, hash, echo };
  if (call === 'user/info' || call === 'user/balance') {
    try {
      return { ...(await balanceCall(context, parsed.data)), entry: null };
    } catch (error) {
      if (error instanceof Refusal) return result(error.status, error.body, currency);
      throw error;
    }
  }
  return {
    ...(await oneTransactionCall(context, parsed.data as VendorJob['request'])),
    merchantId: input.merchantId,
    currency,
  };
}

/** A bet, win or rollback alone in its own transaction (or the caller's); refusals answered. */
async function oneTransactionCall(
  context: CallContext,
  data: VendorJob['request'],
): Promise<Answer> {
  try {
    switch (context.call as TransactionCall) {
      case 'transaction/bet': {
        const request = data as VendorBetRequest;
        return await transactionCall(
          context,
          { uuid: request.transaction_uuid, reference: null },
          (tx, claim) => betCall(tx, context, claim, request),
        );
      }
      case 'transaction/win': {
        const request = data as VendorWinRequest;
        return await transactionCall(
          context,
          { uuid: request.transaction_uuid, reference: request.reference_transaction_uuid },
          (tx, claim) => winCall(tx, context, claim, request),
        );
      }
      case 'transaction/rollback': {
        const request = data as VendorRollbackRequest;
        return await transactionCall(
          context,
          { uuid: request.transaction_uuid, reference: request.reference_transaction_uuid },
          (tx, claim) => rollbackCall(tx, context, claim, request),
        );
      }
    }
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, body: error.body, entry: null };
    throw error;
  }
}

function findGameCached(db: Db, credential: Credential, gameCode: string) {
  return cached(db, `game:${credential.merchantId}:${credential.vendorCode}:${gameCode}`, () =>
    repo.findGame(db, credential.merchantId, credential.vendorCode, gameCode),
  );
}

const batchers = new WeakMap<Db, VendorCallBatcher>();
const batchOptions = new WeakMap<Db, Omit<VendorCallBatcherOptions, 'underMaintenance'>>();

/** Sets how the calls on this database are batched (before its first call). */
export function configureVendorBatching(
  db: Db,
  options: Omit<VendorCallBatcherOptions, 'underMaintenance'>,
): void {
  batchOptions.set(db, options);
}

/** Batching is for calls on the database itself; inside a caller's transaction, one by one. */
function batching(db: Db): boolean {
  return !(db instanceof PgTransaction);
}

/** The batcher's counters for this database (zero before its first call), for tests and benches. */
export function vendorBatchStats(db: Db): ReturnType<VendorCallBatcher['stats']> {
  return batchers.get(db)?.stats() ?? { batches: 0, calls: 0, retries: 0, fallbacks: 0 };
}

function batcherFor(db: Db, switches: DoorSwitches): VendorCallBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    // The fallback of a batch that cannot be written set-based: each call alone.
    batcher = createVendorCallBatcher(
      db,
      async (job: VendorJob) => {
        const currency = job.credential.currency;
        const player = await repo.findPlayer(db, job.credential.merchantId, job.request.user);
        if (!player) {
          const status = 'RS_ERROR_INVALID_USER';
          const body = answerBody(status, { ...job.echo, currency, balance: null });
          return { status, body, entry: null };
        }
        return oneTransactionCall(
          {
            db,
            switches,
            credential: job.credential,
            player,
            call: job.call,
            hash: job.hash,
            echo: job.echo,
          },
          job.request,
        );
      },
      { ...batchOptions.get(db), underMaintenance: switches.underMaintenance },
    );
    batchers.set(db, batcher);
  }
  return batcher;
}

type CallContext = {
  db: Db;
  switches: DoorSwitches;
  credential: Credential;
  player: Player;
  call: VendorCall;
  hash: string;
  echo: { request_uuid: unknown; user: unknown };
};

type Answer = { status: VendorStatus; body: string; entry: EntryResult | null };

function respond(context: CallContext, status: VendorStatus, balance: bigint | null): string {
  return answerBody(status, {
    ...context.echo,
    currency: context.credential.currency,
    balance,
  });
}

function balanceOf(db: Db, context: CallContext): Promise<bigint> {
  return mainBalance(
    db,
    context.credential.merchantId,
    context.player.id,
    context.credential.currency,
  );
}

/** Refuses the call without storing anything; answers the member's current balance. */
async function refuse(db: Db, context: CallContext, status: VendorStatus): Promise<never> {
  throw new Refusal(status, respond(context, status, await balanceOf(db, context)));
}

/**
 * Token and member checks of balance, info and bet calls (never of win and rollback); a bet also
 * waits for the end of a maintenance.
 */
async function checkSession(db: Db, context: CallContext, token: string): Promise<void> {
  const session = await repo.findSession(db, hashToken(token));
  const maintenance =
    context.call === 'transaction/bet' &&
    (await context.switches.underMaintenance(context.credential.merchantId));
  const status = sessionRefusal(
    session && { ...session, expiresAt: session.expiresAt.getTime() },
    context.credential,
    context.player,
    maintenance,
  );
  if (status) return refuse(db, context, status);
}

async function balanceCall(
  context: CallContext,
  request: VendorBalanceRequest,
): Promise<Omit<VendorCallResult, 'entry'>> {
  const { db, credential, player } = context;
  const done = (status: VendorStatus, body: string) => ({
    status,
    body,
    merchantId: credential.merchantId,
    currency: credential.currency,
  });
  const stored = await repo.findBalanceAnswer(db, credential.id, request.request_uuid);
  if (stored) {
    if (stored.contentHash === context.hash) return done('RS_OK', stored.response);
    return done(
      'RS_ERROR_DUPLICATE_TRANSACTION',
      respond(context, 'RS_ERROR_DUPLICATE_TRANSACTION', await balanceOf(db, context)),
    );
  }
  await checkSession(db, context, request.token);
  const extra =
    context.call === 'user/info' ? { display_name: player.nickname || player.username } : undefined;
  const body = answerBody(
    'RS_OK',
    { ...context.echo, currency: credential.currency, balance: await balanceOf(db, context) },
    extra,
  );
  const first = await repo.storeBalanceAnswer(db, {
    credentialId: credential.id,
    requestUuid: request.request_uuid,
    contentHash: context.hash,
    response: body,
  });
  if (first) return done('RS_OK', body);
  // A concurrent replay stored its answer first: every replay sends that one.
  return balanceCall(context, request);
}

type Claim = { id: number };

/**
 * Runs a bet, win or rollback: claims its transaction id (a concurrent call with the same id
 * waits for this one), or answers the stored answer of the call that claimed it.
 */
async function transactionCall(
  context: CallContext,
  ids: { uuid: string; reference: string | null },
  work: (tx: Db, claim: Claim) => Promise<Answer>,
): Promise<VendorCallResult> {
  const { credential, player } = context;
  const kind = KIND[context.call]!;
  const answer = await inTransaction(context.db, async (tx) => {
    const id = await repo.claimTransaction(tx, {
      merchantId: credential.merchantId,
      credentialId: credential.id,
      memberId: player.id,
      kind,
      transactionUuid: ids.uuid,
      referenceUuid: ids.reference,
      state: 'applied',
    });
    if (id !== undefined) return work(tx, { id });
    return replay(tx, context, kind, ids.uuid);
  });
  return { ...answer, merchantId: credential.merchantId, currency: credential.currency };
}

const KIND: Partial<Record<VendorCall, 'bet' | 'win' | 'rollback'>> = {
  'transaction/bet': 'bet',
  'transaction/win': 'win',
  'transaction/rollback': 'rollback',
};

/** The answer of a transaction id already taken. */
async function replay(
  tx: Db,
  context: CallContext,
  kind: string,
  transactionUuid: string,
): Promise<Answer> {
  const row = (await repo.lockTransaction(tx, context.credential.id, transactionUuid))!;
  if (row.state === 'void' && row.response === null && kind === 'bet') {
    // A late bet after its rollback: refused, and that answer is kept for its replays.
    const status = 'RS_ERROR_TRANSACTION_ROLLED_BACK';
    const body = respond(context, status, await balanceOf(tx, context));
    await repo.updateTransaction(tx, row.id, { contentHash: context.hash, response: body });
    return { status, body, entry: null };
  }
  if (row.kind === kind && row.contentHash === context.hash && row.response !== null) {
    return { status: statusOf(row.response), body: row.response, entry: null };
  }
  return refuse(tx, context, 'RS_ERROR_DUPLICATE_TRANSACTION');
}

/** Stores a final answer on the call's row and answers it. */
async function finish(
  tx: Db,
  context: CallContext,
  claim: Claim,
  status: VendorStatus,
  balance: bigint,
  row: Parameters<typeof repo.updateTransaction>[2] = {},
  entry: EntryResult | null = null,
): Promise<Answer> {
  const body = respond(context, status, balance);
  await repo.updateTransaction(tx, claim.id, {
    ...(status === 'RS_OK' ? {} : { state: 'refused' }),
    ...row,
    contentHash: context.hash,
    response: body,
  });
  return { status, body, entry };
}

/** The member's main wallet after an entry (or now, when nothing moved). */
async function balanceAfter(tx: Db, context: CallContext, entry: EntryResult | null) {
  const line = entry?.lines.find(
    (item) => item.kind === 'member_main' && item.memberId === context.player.id,
  );
  return line ? line.balanceAfter : balanceOf(tx, context);
}

function reference(context: CallContext, round: repo.RoundRow): GameLedgerReference {
  return {
    vendorCode: context.credential.vendorCode,
    gameCategory: round.gameCategory,
    gameCode: round.gameCode,
    roundId: round.roundId,
  };
}

function ledgerKey(context: CallContext, kind: string, transactionUuid: string) {
  return vendorLedgerKey(context.credential.id, kind, transactionUuid);
}

async function betCall(
  tx: Db,
  context: CallContext,
  claim: Claim,
  request: VendorBetRequest,
): Promise<Answer> {
  const { credential, player } = context;
  await checkSession(tx, context, request.token);
  const game = await findGameCached(context.db, credential, request.game_code);
  if (!game) {
    return finish(tx, context, claim, 'RS_ERROR_INVALID_GAME', await balanceOf(tx, context));
  }
  const amount = BigInt(request.amount);
  const round = await repo.addBetToRound(tx, {
    merchantId: credential.merchantId,
    memberId: player.id,
    vendorCode: credential.vendorCode,
    roundId: request.round,
    gameCode: request.game_code,
    gameCategory: game.gameType || UNKNOWN_GAME_CATEGORY,
    currency: credential.currency,
    amount,
    close: request.round_closed,
  });
  if (!round) {
    return finish(tx, context, claim, 'RS_ERROR_ROUND_CLOSED', await balanceOf(tx, context));
  }
  let entry: EntryResult | null = null;
  if (amount > 0n) {
    try {
      entry = await postEntryIn(tx, {
        merchantId: credential.merchantId,
        currency: credential.currency,
        type: 'bet',
        idempotencyKey: ledgerKey(context, 'bet', request.transaction_uuid),
        memberId: player.id,
        reference: { ...reference(context, round), transactionUuid: request.transaction_uuid },
        postings: [
          { account: { kind: 'member_main', memberId: player.id }, amount: -amount },
          { account: { kind: 'house' }, amount },
        ],
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
        const balance = parseAmount(String(error.value.balance)) ?? 0n;
        throw new Refusal(
          'RS_ERROR_NOT_ENOUGH_MONEY',
          respond(context, 'RS_ERROR_NOT_ENOUGH_MONEY', balance),
        );
      }
      throw error;
    }
    await recordTurnoverIn(tx, credential.merchantId, player.id, amount);
  }
  return finish(
    tx,
    context,
    claim,
    'RS_OK',
    await balanceAfter(tx, context, entry),
    { roundPk: round.id, amount, ledgerEntryId: entry?.entryId ?? null },
    entry,
  );
}

/** The bet a win or rollback refers to, locked; refuses what cannot be one. */
async function referencedBet(tx: Db, context: CallContext, uuid: string) {
  const bet = await repo.lockTransaction(tx, context.credential.id, uuid);
  if (!bet) return undefined;
  if (bet.kind !== 'bet' || bet.state === 'refused') {
    return refuse(tx, context, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  }
  if (bet.memberId !== context.player.id) return refuse(tx, context, 'RS_ERROR_INVALID_USER');
  return bet;
}

async function winCall(
  tx: Db,
  context: CallContext,
  claim: Claim,
  request: VendorWinRequest,
): Promise<Answer> {
  const { credential, player } = context;
  const bet = await referencedBet(tx, context, request.reference_transaction_uuid);
  if (!bet) return refuse(tx, context, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (bet.state !== 'applied') {
    return finish(
      tx,
      context,
      claim,
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      await balanceOf(tx, context),
    );
  }
  const round = await repo.settleOnRound(tx, bet.roundPk!, {
    win: BigInt(request.amount),
    close: request.round_closed,
  });
  const amount = BigInt(request.amount);
  let entry: EntryResult | null = null;
  if (amount > 0n) {
    entry = await postEntryIn(tx, {
      merchantId: credential.merchantId,
      currency: credential.currency,
      type: 'payout',
      idempotencyKey: ledgerKey(context, 'win', request.transaction_uuid),
      memberId: player.id,
      reference: { ...reference(context, round), transactionUuid: request.transaction_uuid },
      postings: [
        { account: { kind: 'house' }, amount: -amount },
        { account: { kind: 'member_main', memberId: player.id }, amount },
      ],
    });
  }
  if (!bet.settled) await repo.updateTransaction(tx, bet.id, { settled: true });
  return finish(
    tx,
    context,
    claim,
    'RS_OK',
    await balanceAfter(tx, context, entry),
    { roundPk: round.id, amount, ledgerEntryId: entry?.entryId ?? null },
    entry,
  );
}

async function rollbackCall(
  tx: Db,
  context: CallContext,
  claim: Claim,
  request: VendorRollbackRequest,
): Promise<Answer> {
  const { credential, player } = context;
  const uuid = request.reference_transaction_uuid;
  // A bet not seen yet: recorded as rolled back, so that it is refused when it arrives.
  const tombstone = await repo.claimTransaction(tx, {
    merchantId: credential.merchantId,
    credentialId: credential.id,
    memberId: player.id,
    kind: 'bet',
    transactionUuid: uuid,
    referenceUuid: null,
    state: 'void',
  });
  if (tombstone !== undefined) {
    return finish(tx, context, claim, 'RS_OK', await balanceOf(tx, context));
  }
  const bet = (await referencedBet(tx, context, uuid))!;
  if (bet.state !== 'applied') {
    return finish(
      tx,
      context,
      claim,
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      await balanceOf(tx, context),
    );
  }
  if (bet.settled) {
    return finish(tx, context, claim, 'RS_ERROR_BET_ALREADY_SETTLED', await balanceOf(tx, context));
  }
  const round = await repo.settleOnRound(tx, bet.roundPk!, {
    refund: bet.amount,
    close: request.round_closed,
  });
  let entry: EntryResult | null = null;
  if (bet.amount > 0n) {
    entry = await postEntryIn(tx, {
      merchantId: credential.merchantId,
      currency: credential.currency,
      type: 'bet_release',
      idempotencyKey: ledgerKey(context, 'rollback', request.transaction_uuid),
      memberId: player.id,
      reference: { ...reference(context, round), transactionUuid: request.transaction_uuid },
      postings: [
        { account: { kind: 'house' }, amount: -bet.amount },
        { account: { kind: 'member_main', memberId: player.id }, amount: bet.amount },
      ],
    });
  }
  await repo.updateTransaction(tx, bet.id, { state: 'rolled_back' });
  return finish(
    tx,
    context,
    claim,
    'RS_OK',
    await balanceAfter(tx, context, entry),
    { roundPk: round.id, amount: bet.amount, ledgerEntryId: entry?.entryId ?? null },
    entry,
  );
}

/** The merchant's credentials at a vendor (its API, keys and wallet mode), or undefined. */
export function findCredential(db: Db, merchantId: number, vendorCode: string) {
  return repo.findCredential(db, merchantId, vendorCode);
}

/** Vendor credentials by id (a transfer names the credentials it was made with). */
export function credentialById(db: Db, id: number) {
  return repo.credentialById(db, id);
}

/** The merchant's latest wins at the vendors, newest first (the home page's winners list). */
export function listRecentWins(db: Db, merchantId: number, limit: number) {
  return repo.listRecentWins(db, merchantId, limit);
}

/** A transfer with a vendor's wallet by its uuid, or undefined. */
export function transferByUuid(db: Db, transferUuid: string) {
  return transfers.transferByUuid(db, transferUuid);
}

/** What the member has on its way to or from vendors' wallets (transfers not ended yet). */
export function inTransitOf(db: Db, memberId: number) {
  return transfers.inTransitOf(db, memberId);
}
