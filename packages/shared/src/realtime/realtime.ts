import { z } from 'zod';
import { DepositStatus } from '../wallet/deposit.js';

/**
 * The live websocket (ARCHITECTURE.md, real-time): GET /wps/ws. Browsers cannot set
 * Authorization on a websocket, so the first message the client sends is `auth` with the
 * member session token; the server answers `ready` or closes with one of REALTIME_CLOSE.
 */
export const REALTIME_PATH = '/wps/ws';

/** What the client sends: only the first message, which authenticates the socket. */
export const RealtimeClientMessage = z.object({
  type: z.literal('auth'),
  /** The member session token; an absent one is refused like an unknown one (NOT_LOGGED_IN). */
  token: z.string().max(200).optional(),
  /** The merchant code, as the Merchant header of HTTP calls; by host when absent. */
  merchant: z.string().min(1).max(64).optional(),
});
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

/** The socket is authenticated and will receive the member's events from now on. */
export const RealtimeReady = z.object({ type: z.literal('ready') });

/** The member's main wallet balance changed (amounts as decimal strings with two places). */
export const RealtimeBalance = z.object({
  type: z.literal('balance'),
  balance: z.string().regex(/^-?\d+\.\d{2}$/),
  currency: z.string().length(3),
});
export type RealtimeBalance = z.infer<typeof RealtimeBalance>;

/** The member's unread inbox (messageV2) count changed: a message arrived or was read. */
export const RealtimeUnread = z.object({
  type: z.literal('unread'),
  unreadMessage: z.number().int().min(0),
});
export type RealtimeUnread = z.infer<typeof RealtimeUnread>;

/**
 * An agent contract changed on the other side (SPEC section 2, the contract popup; decision
 * 014): an offer arrived, was accepted or rejected, a termination was requested, accepted or
 * declined, or a downline contract ended by the conflict rule. The client shows a popup and
 * reloads GET /wps/relay/contracts/consolidated.
 */
export const RealtimeContract = z.object({
  type: z.literal('contract'),
  action: z.enum([
    'offered',
    'accepted',
    'rejected',
    'termination_requested',
    'terminated',
    'termination_rejected',
    'ended_by_conflict',
    'ended_by_operator',
    'offer_withdrawn',
    'carry_reset',
  ]),
  contractId: z.number().int(),
  contractType: z.enum(['dividend', 'daily_salary', 'hourly_salary', 'realtime_salary']),
  /** The other side's username (null: the operator). */
  counterparty: z.string().nullable(),
});
export type RealtimeContract = z.infer<typeof RealtimeContract>;

/**
 * One of the member's deposits left pending (credited by its gateway or an operator, rejected,
 * failed): the deposit page reloads its list and the deposit it shows.
 */
export const RealtimeDeposit = z.object({
  type: z.literal('deposit'),
  depositId: z.number().int(),
  status: DepositStatus,
});
export type RealtimeDeposit = z.infer<typeof RealtimeDeposit>;

/**
 * Events the server pushes to a member's sockets. Add a member to this union for each new kind
 * (unread counts, contract offers, announcements); clients ignore types they do not know.
 */
export const RealtimeEvent = z.discriminatedUnion('type', [
  RealtimeBalance,
  RealtimeUnread,
  RealtimeContract,
  RealtimeDeposit,
]);
export type RealtimeEvent = z.infer<typeof RealtimeEvent>;

/** Every message the server sends. */
export const RealtimeServerMessage = z.discriminatedUnion('type', [
  RealtimeReady,
  RealtimeBalance,
  RealtimeUnread,
  RealtimeContract,
  RealtimeDeposit,
]);
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessage>;

/**
 * Close codes (4000-4999 are the application's) with the error code as the close reason. The
 * client reconnects after any other close, never after these (a new login brings a new socket).
 */
export const REALTIME_CLOSE = {
  /** The first message was not a valid `auth` message, or did not come in time. */
  BAD_REQUEST: { code: 4400, reason: 'BAD_REQUEST' },
  /** No token, an unknown, expired or revoked session (including logout). */
  NOT_LOGGED_IN: { code: 4401, reason: 'NOT_LOGGED_IN' },
  /** A trial (free play) session: the websocket is for real accounts. */
  IN_NEED_TRUE_ACCOUNT: { code: 4403, reason: 'IN_NEED_TRUE_ACCOUNT' },
} as const;

/** Close codes after which reconnecting with the same token cannot succeed. */
export const REALTIME_FINAL_CLOSE_CODES: readonly number[] = Object.values(REALTIME_CLOSE).map(
  (c) => c.code,
);
