import { createHash, randomBytes } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  VENDOR_API_PREFIX,
  VendorBalanceRequest,
  VendorBetRequest,
  VendorRollbackRequest,
  VendorWinRequest,
  type VendorCall,
  type VendorStatus,
} from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { mainBalance, type EntryResult } from '../ledger/index.js';
import { answerBody, hashToken, sessionRefusal, type AnswerFields } from './vendor-answer.js';
import {
  answerInTransaction,
  createMemberIds,
  createVendorCallBatcher,
  type MemberIds,
  type VendorCallBatcher,
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

/**
 * The vendor wallet's process state, built once by buildApp and passed to every caller: a memo
 * of slowly changing rows (credentials, games), the member-id memo and the batcher of the calls
 * on the database.
 */
export type VendorCalls = {
  /** A memo of a slowly changing row for CACHE_MS. */
  cached: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  memberIds: MemberIds;
  batcher: VendorCallBatcher;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The vendor wallet's process state (benches read its batcher's counters). */
    vendorCalls: VendorCalls;
  }
}

export function createVendorCalls(
  db: Db,
  options: { switches: DoorSwitches; lanes?: number },
): VendorCalls {
  const memo = new Map<string, { value: unknown; at: number }>();
  const memberIds = createMemberIds();
  return {
    cached: async <T>(key: string, load: () => Promise<T>) => {
      const hit = memo.get(key);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as T;
      const value = await load();
      memo.set(key, { value, at: Date.now() });
      return value;
    },
    memberIds,
    batcher: createVendorCallBatcher(db, {
      memberIds,
      underMaintenance: options.switches.underMaintenance,
      lanes: options.lanes,
    }),
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

/**
 * Answers one vendor call: what the HTTP route and the in-house game both call, with exactly
 * what the vendor sent. Never throws: a failure of the platform is RS_ERROR_UNKNOWN (nothing was
 * committed, the vendor retries with the same ids).
 */
/**
 * What a vendor call needs of the app: the secret box (vendor secrets), the door switches and the
 * vendor wallet's process state.
 */
export type VendorCallDeps = {
  db: Db;
  secrets: SecretBox;
  switches: DoorSwitches;
  calls: VendorCalls;
};

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
  { db, secrets, switches, calls }: VendorCallDeps,
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
    ? await calls.cached(`credential:${input.merchantId}:${input.vendorCode}`, () =>
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
  if (call !== 'user/info' && call !== 'user/balance') {
    // Bets, wins and rollbacks: one implementation (vendor-batcher.ts), a batch of the calls that
    // arrive at the same time on the database itself, or of one inside a caller's transaction.
    // Submitted at once, so calls keep the order they arrived in; the batch awaits the lookup.
    const game =
      call === 'transaction/bet'
        ? calls
            .cached(
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
    const answer = inCallersTransaction(db)
      ? await answerInTransaction(db, job, {
          memberIds: calls.memberIds,
          underMaintenance: switches.underMaintenance,
        })
      : await calls.batcher.submit(job);
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

/** A call made inside a transaction the caller holds (the in-house game's round). */
function inCallersTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
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

/** Token and member checks of balance and info calls (a bet's are the batcher's). */
async function checkSession(db: Db, context: CallContext, token: string): Promise<void> {
  const session = await repo.findSession(db, hashToken(token));
  const status = sessionRefusal(
    session && { ...session, expiresAt: session.expiresAt.getTime() },
    context.credential,
    context.player,
    false,
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
