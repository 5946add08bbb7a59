import { z } from 'zod';
import { Amount, ClientRequestId } from '../wallet/wallet.js';

/**
 * The in-house provably fair slot (/bgs, docs/games/bgs-slot.md). The server commits to a
 * secret server seed by its SHA-256 before play; each round is HMAC-SHA256(serverSeed,
 * `${clientSeed}:${nonce}:${counter}`); rotating the seeds reveals the old server seed, so every
 * past round of that seed can be recomputed by anyone.
 */

/** A member-chosen client seed: 1 to 64 letters, digits, `_` or `-` (no `:`, the separator). */
export const BgsClientSeed = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

/** A server seed as revealed: 64 lowercase hex characters. */
export const BgsServerSeed = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{64}$/);

/** GET /wps/bgs/seeds: the active pair; the server seed itself stays secret until rotation. */
export const BgsSeeds = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next round. */
  nonce: z.number().int(),
});
export type BgsSeeds = z.infer<typeof BgsSeeds>;

/** PUT /wps/bgs/seeds/client. */
export const BgsClientSeedRequest = z.object({ clientSeed: BgsClientSeed });
export type BgsClientSeedRequest = z.infer<typeof BgsClientSeedRequest>;

/** POST /wps/bgs/seeds/rotate: the revealed old pair and the new committed one. */
export const BgsRotation = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Rounds played with it: nonces 0 to rounds - 1. */
    rounds: z.number().int(),
  }),
  current: BgsSeeds,
});
export type BgsRotation = z.infer<typeof BgsRotation>;

export const BgsLineWin = z.object({
  line: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  /** Multiple of the line bet. */
  multiplier: z.number().int(),
  win: Amount,
});
export type BgsLineWin = z.infer<typeof BgsLineWin>;

/** What the seeds, nonce and bet determine: the same shape from play and from verification. */
export const BgsOutcome = z.object({
  bet: Amount,
  win: Amount,
  stops: z.array(z.number().int()),
  /** Symbols shown, window[reel][row], row 0 on top. */
  window: z.array(z.array(z.string())),
  lineWins: z.array(BgsLineWin),
  scatterCount: z.number().int(),
  scatterWin: Amount,
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type BgsOutcome = z.infer<typeof BgsOutcome>;

/** A played round with its proof; `serverSeed` is null until its seed pair is rotated. */
export const BgsRound = BgsOutcome.extend({
  roundId: z.string(),
  /** ISO instant. */
  time: z.string(),
  serverSeed: z.string().nullable(),
});
export type BgsRound = z.infer<typeof BgsRound>;

/** POST /wps/bgs/spin: a total bet (one of the offered levels) and the idempotency key. */
export const BgsSpinRequest = z.object({ bet: Amount, clientRequestId: ClientRequestId });
export type BgsSpinRequest = z.infer<typeof BgsSpinRequest>;

export const BgsSpinResult = z.object({
  round: BgsRound,
  /** The main wallet after the round. */
  balance: Amount,
});
export type BgsSpinResult = z.infer<typeof BgsSpinResult>;

/** GET /wps/bgs/rounds. */
export const BgsRoundQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export type BgsRoundQuery = z.infer<typeof BgsRoundQuery>;

export const BgsRoundPage = z.object({
  items: z.array(BgsRound),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type BgsRoundPage = z.infer<typeof BgsRoundPage>;

/** POST /wps/bgs/verify: recompute any round from its revealed seed. */
export const BgsVerifyRequest = z.object({
  serverSeed: BgsServerSeed,
  clientSeed: BgsClientSeed,
  nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  bet: Amount,
});
export type BgsVerifyRequest = z.infer<typeof BgsVerifyRequest>;

/** GET /wps/bgs/game: what the page draws and offers. */
export const BgsGame = z.object({
  /** Total bets offered, ascending. */
  bets: z.array(Amount),
  reels: z.array(z.array(z.string())),
  paylines: z.array(z.array(z.number().int())),
  /** Line pays for 3, 4 and 5 of a kind, in multiples of the line bet. */
  linePays: z.record(z.string(), z.array(z.number().int())),
  /** Scatter pays for 3, 4 and 5 scatters, in multiples of the total bet. */
  scatterPays: z.array(z.number().int()),
  /** Theoretical return to player in percent, e.g. "96.55". */
  rtp: z.string(),
});
export type BgsGame = z.infer<typeof BgsGame>;
