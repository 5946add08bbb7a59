import { createHash, randomBytes } from 'node:crypto';
import {
  VENDOR_API_PREFIX,
  VendorBalanceRequest,
  VendorBetRequest,
  VendorRollbackRequest,
  VendorWinRequest,
  type VendorCall,
  type VendorStatus,
} from '@app/shared';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { inTransaction } from '../../lib/transaction.js';
import { mainBalance, type EntryResult } from '../ledger/ledger.service.js';
import { underMaintenance } from '../system/system.service.js';
import { answerBody, hashToken, sessionRefusal, type AnswerFields } from './vendor-answer.js';
import {
  answerInTransaction,
  createVendorCallBatcher,
  type MemberIdCache,
  type VendorCallBatcher,
  type VendorCallBatcherOptions,
  type VendorJob,
} from './vendor-batcher.js';
import * as repo from './vendor-wallet.repository.js';
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

/** A memo of slowly changing rows (credentials, games), one per vendor wallet. */
type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

function createMemo(): Memo {
  const entries = new Map<string, { value: unknown; at: number }>();
  return async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
    const value = await load();
    entries.set(key, { value, at: Date.now() });
    return value;
  };
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

export type VendorWalletOptions = VendorCallBatcherOptions;

/**
 * The vendor wallet of one process and database (built in buildApp, passed to the routes and
 * the in-house game): its caches (credentials, games, member ids) and its call batcher.
 */
export type VendorWallet = {
  /**
   * Answers one vendor call, with exactly what the vendor sent. On the wallet's database (the
   * HTTP routes), bets, wins and rollbacks are answered in batches with the calls that arrive at
   * the same time; inside a caller's transaction on it (the in-house game), as a batch of one in
   * that transaction. Never throws: a failure of the platform is RS_ERROR_UNKNOWN (nothing was
   * committed, the vendor retries with the same ids; inside a caller's transaction, `error` may
   * be a lost race its `inTransaction` runs again).
   */
  handleCall: (db: Db, input: VendorCallInput) => Promise<VendorCallResult>;
  /** The batcher's counters, for tests and benches. */
  stats: () => ReturnType<VendorCallBatcher['stats']>;
};

export function createVendorWallet(db: Db, options: VendorWalletOptions = {}): VendorWallet {
  const memo = createMemo();
  const memberIds: MemberIdCache = new Map();
  // The fallback of a batch that cannot be written set-based: each call alone.
  const batcher = createVendorCallBatcher(
    db,
    (job) => inTransaction(db, (tx) => answerInTransaction(tx, job, memberIds)),
    memberIds,
    options,
  );
  const state: WalletState = { memo, memberIds, batcher };
  return {
    handleCall: async (on, input) => {
      const inCallersTransaction = on instanceof PgTransaction;
      if (!inCallersTransaction && on !== db) {
        throw new Error('vendor wallet: a call on another database than the wallet’s');
      }
      try {
        return await answerCall(state, on, input, inCallersTransaction);
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
    },
    stats: () => batcher.stats(),
  };
}

type WalletState = { memo: Memo; memberIds: MemberIdCache; batcher: VendorCallBatcher };

async function answerCall(
  state: WalletState,
  db: Db,
  input: VendorCallInput,
  inCallersTransaction: boolean,
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
    ? await state.memo(`credential:${input.merchantId}:${input.vendorCode}`, () =>
        repo.findCredential(db, input.merchantId, input.vendorCode!),
      )
    : undefined;
  if (!credential || !credential.enabled || credential.walletMode !== 'seamless') {
    return result('RS_ERROR_INVALID_PARTNER', answerBody('RS_ERROR_INVALID_PARTNER', blank));
  }
  const currency = credential.currency;
  const plain = (status: VendorStatus, fields: Partial<AnswerFields> = {}) =>
    result(status, answerBody(status, { ...blank, currency, ...fields }), currency);
  if (!verifySignature(credential, input.rawBody, input.signature)) {
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
  if (call !== 'user/info' && call !== 'user/balance') {
    // Bets, wins and rollbacks: one set of rules (vendor-batcher.ts), in a batch with the calls
    // that arrive at the same time, or as a batch of one inside the caller's transaction.
    // Submitted at once, so calls keep the order they arrived in; the batch awaits the lookup.
    const game =
      call === 'transaction/bet'
        ? state
            .memo(
              `game:${credential.merchantId}:${credential.vendorCode}:${(parsed.data as VendorBetRequest).game_code}`,
              () =>
                repo.findGame(
                  db,
                  credential.merchantId,
                  credential.vendorCode,
                  (parsed.data as VendorBetRequest).game_code,
                ),
            )
            .then((row) => row ?? null)
        : Promise.resolve(null);
    const job: VendorJob = {
      call,
      credential,
      hash,
      echo,
      request: parsed.data as VendorJob['request'],
      game,
    };
    const answer = inCallersTransaction
      ? await answerInTransaction(db, job, state.memberIds)
      : await state.batcher.submit(job);
    return { ...answer, merchantId: input.merchantId, currency };
  }
  const player = await repo.findPlayer(db, input.merchantId, parsed.data.user);
  if (!player) return plain('RS_ERROR_INVALID_USER', echo);

  const context: CallContext = { db, credential, player, call, hash, echo };
  try {
    return { ...(await balanceCall(context, parsed.data)), entry: null };
  } catch (error) {
    if (error instanceof Refusal) return result(error.status, error.body, currency);
    throw error;
  }
}

type CallContext = {
  db: Db;
  credential: Credential;
  player: Player;
  call: VendorCall;
  hash: string;
  echo: { request_uuid: unknown; user: unknown };
};

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
    (await underMaintenance(context.db, context.credential.merchantId));
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
