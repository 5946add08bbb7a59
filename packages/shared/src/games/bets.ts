import { z } from 'zod';
import { Amount } from '../wallet/wallet.js';
import { checkRange, PageFields, RangeFields } from '../wallet/records.js';

/**
 * Betting records (member centre personalHistoryCopy, SPEC section 2): one row per game round the
 * member played with a vendor, with what was staked, won and the profit. Dates as the other
 * records: calendar days in Asia/Manila, the last 7 days without them, at most 90 days.
 */

/**
 * open: bets taken, nothing paid yet; settled: paid (a zero win too) or closed by the vendor;
 * cancelled: every bet of the round rolled back.
 */
export const BET_STATUSES = ['open', 'settled', 'cancelled'] as const;
export const BetStatus = z.enum(BET_STATUSES);
export type BetStatus = z.infer<typeof BetStatus>;

/** GET /wps/relay/member/bets */
export const BetRecordQuery = z
  .object({
    /** A vendor code (vassalage). */
    vendor: z.string().trim().min(1).max(32).optional(),
    /** A game category (SLOTS, LIVE, FISH, ...): the catalogue's game type of the round's game. */
    category: z.string().trim().min(1).max(16).optional(),
    status: BetStatus.optional(),
    ...RangeFields,
    ...PageFields,
  })
  .superRefine(checkRange);
export type BetRecordQuery = z.infer<typeof BetRecordQuery>;

export const BetRecord = z.object({
  /** The round's id on the platform: unique per row. */
  id: z.number().int(),
  /** The vendor's round id. */
  roundId: z.string(),
  vendor: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  /** In the request language; the game code when the catalogue no longer lists the game. */
  gameName: z.string(),
  gameCategory: z.string(),
  /** Stakes less rolled-back stakes. */
  bet: Amount,
  win: Amount,
  /** win - bet. */
  profit: Amount,
  status: BetStatus,
  /** ISO instant the round started. */
  time: z.string(),
});
export type BetRecord = z.infer<typeof BetRecord>;

export const BetRecordPage = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  items: z.array(BetRecord),
  page: z.number().int(),
  size: z.number().int(),
  /** Rounds of the whole filtered range, over all pages. */
  total: z.number().int(),
  /** Sums over every round of the filtered range. */
  totalBet: Amount,
  totalWin: Amount,
  totalProfit: Amount,
});
export type BetRecordPage = z.infer<typeof BetRecordPage>;
