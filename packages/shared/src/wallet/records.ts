import { z } from 'zod';
import { DEFAULT_TIME_ZONE, dayKey, startOfDayKey } from '../time-zone.js';
import { RECORD_CATEGORIES } from './record-categories.js';
import { Amount } from './wallet.js';

/**
 * The member's money records (member centre transactionHistory and personalProfit, SPEC section
 * 2; "member transactions" under /wps/relay/, section 7).
 *
 * Dates: a record query names calendar days (yyyy-MM-dd) in the merchant's time zone (its
 * `time_zone` setting, Asia/Manila unless set; decision 024); `from` and `to` are both included.
 * Without them the server answers the last 7 days ending today. A range may span at most 90 days.
 */

/** The longest range a record query may span, in days (both ends included). */
export const MAX_RECORD_RANGE_DAYS = 90;
/** The range a query without dates answers, in days ending today. */
export const DEFAULT_RECORD_RANGE_DAYS = 7;
/** SPEC section 9 gives no page size for records; lists use 20 like the game lists. */
export const RECORDS_PAGE_SIZE = 20;
export const MAX_RECORDS_PAGE_SIZE = 100;

const DAY_MS = 86_400_000;

/** A calendar day yyyy-MM-dd that exists (2026-02-30 does not). */
export const RecordDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' })
  .refine((text) => dayNumber(text) !== null, { message: 'invalid_date' });

/** Days since 1970-01-01 of a yyyy-MM-dd day; null when it is not a real day. */
export function dayNumber(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== day
  ) {
    return null;
  }
  return time / DAY_MS;
}

/** The yyyy-MM-dd day `days` after `text` (before, when negative). */
export function addDays(text: string, days: number): string {
  const n = dayNumber(text);
  if (n === null) throw new Error(`not a day: ${text}`);
  return new Date((n + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Today in the merchant's time zone as yyyy-MM-dd. */
export function recordsToday(now: Date = new Date(), zone: string = DEFAULT_TIME_ZONE): string {
  return dayKey(now, zone);
}

/** The instant a record day starts (00:00 in the merchant's time zone). */
export function recordDayStart(text: string, zone: string = DEFAULT_TIME_ZONE): Date {
  if (dayNumber(text) === null) throw new Error(`not a day: ${text}`);
  return startOfDayKey(text, zone);
}

/** Both ends of a range or neither; from <= to; at most MAX_RECORD_RANGE_DAYS days. */
export function checkRange(
  value: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((value.from === undefined) !== (value.to === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'date_range_incomplete', path: ['to'] });
    return;
  }
  if (value.from === undefined || value.to === undefined) return;
  const from = dayNumber(value.from);
  const to = dayNumber(value.to);
  if (from === null || to === null) return;
  if (from > to) {
    ctx.addIssue({ code: 'custom', message: 'date_range_reversed', path: ['from'] });
  } else if (to - from + 1 > MAX_RECORD_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', message: 'date_range_too_long', path: ['to'] });
  }
}

export const RangeFields = { from: RecordDate.optional(), to: RecordDate.optional() };
export const PageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_RECORDS_PAGE_SIZE).default(RECORDS_PAGE_SIZE),
};

export { RECORD_CATEGORIES };
export const RecordCategory = z.enum(RECORD_CATEGORIES);
export type RecordCategory = z.infer<typeof RecordCategory>;

/** The ledger entry types (modules/ledger ENTRY_TYPES) each category shows. */
export const RECORD_CATEGORY_ENTRY_TYPES: Record<RecordCategory, readonly string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal', 'withdrawal_release'],
  transfer: ['agent_transfer', 'upline_transfer'],
  wallet: ['vendor_transfer'],
  bet: ['bet', 'bet_release', 'bet_settle'],
  payout: ['payout'],
  bonus: ['bonus'],
  commission: [
    'commission',
    'agent_dividend',
    'agent_daily_salary',
    'agent_hourly_salary',
    'agent_realtime_salary',
  ],
  adjustment: ['adjustment'],
};

/**
 * What one row of the account record is, as the member reads it: `withdrawal_returned` is a
 * rejected withdrawal's money back; `transfer_in`/`transfer_out` move money between the member
 * and another account (agent, upline, downline: `counterpart` is their username);
 * `wallet_in`/`wallet_out` move it between the main wallet and a vendor's transfer wallet
 * (`counterpart` is the vendor code); `bet_returned` is a cancelled bet's stake back.
 */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'withdrawal_returned',
  'transfer_in',
  'transfer_out',
  'wallet_in',
  'wallet_out',
  'bet',
  'bet_returned',
  'payout',
  'bonus',
  'commission',
  'adjustment',
] as const;
export const RecordType = z.enum(RECORD_TYPES);
export type RecordType = z.infer<typeof RecordType>;

/** GET /wps/relay/member/transactions */
export const TransactionQuery = z
  .object({ category: RecordCategory.optional(), ...RangeFields, ...PageFields })
  .superRefine(checkRange);
export type TransactionQuery = z.infer<typeof TransactionQuery>;

export const TransactionRecord = z.object({
  /** The ledger posting's id: unique per row. */
  id: z.number().int(),
  /** ISO instant; the UI shows it as yyyy-MM-dd HH:mm:ss. */
  time: z.string(),
  type: RecordType,
  /** Signed: money in is positive, money out negative. */
  amount: Amount,
  /** `main`, a vendor code (transfer wallet) or `commission`: the wallet that moved. */
  wallet: z.string(),
  /** That wallet's balance right after the movement. */
  balanceAfter: Amount,
  /** The other side's username (transfers) or vendor code (wallet transfers, bets); or null. */
  counterpart: z.string().nullable(),
  /** The id of what caused it: deposit, withdrawal, bet round...; or null. */
  reference: z.string().nullable(),
  /** The game category of a bet, returned bet or payout; otherwise null. */
  gameCategory: z.string().nullable(),
  /** The channel fee taken from a deposit the member bore (`amount` is after it); else null. */
  fee: Amount.nullable(),
});
export type TransactionRecord = z.infer<typeof TransactionRecord>;

export const TransactionPage = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  items: z.array(TransactionRecord),
  page: z.number().int(),
  size: z.number().int(),
  /** Rows of the whole filtered range, over all pages. */
  total: z.number().int(),
  /** Sums over all rows of the filtered range: money in (>= 0) and money out (<= 0). */
  totalIn: Amount,
  totalOut: Amount,
});
export type TransactionPage = z.infer<typeof TransactionPage>;

/**
 * The contract of game money in the ledger (issue 5 writes it): every `bet`, `bet_release` and
 * `payout` entry carries `reference` with at least these fields, so the profit/loss page can
 * group by category. A hold's settlement entry keeps the reference of the request it was given.
 */
export const GameLedgerReference = z.object({
  vendorCode: z.string(),
  /** The catalogue's game category (SLOTS, LIVE, FISH, SPORTS...); `OTHER` when unknown. */
  gameCategory: z.string(),
  gameCode: z.string(),
  roundId: z.string(),
});
export type GameLedgerReference = z.infer<typeof GameLedgerReference>;

/** The category a game entry without `gameCategory` is counted under. */
export const UNKNOWN_GAME_CATEGORY = 'OTHER';

/** GET /wps/relay/member/profit */
export const ProfitQuery = z.object(RangeFields).superRefine(checkRange);
export type ProfitQuery = z.infer<typeof ProfitQuery>;

/** Stakes (bets less returned bets), payouts, and profit = payouts - stakes. */
export const ProfitFigures = z.object({ stake: Amount, payout: Amount, profit: Amount });
export type ProfitFigures = z.infer<typeof ProfitFigures>;

export const ProfitLine = ProfitFigures.extend({ gameCategory: z.string() });
export type ProfitLine = z.infer<typeof ProfitLine>;

export const ProfitDay = ProfitFigures.extend({
  /** yyyy-MM-dd in Asia/Manila. */
  date: z.string(),
  categories: z.array(ProfitLine),
});
export type ProfitDay = z.infer<typeof ProfitDay>;

export const ProfitReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  /** The whole range. */
  total: ProfitFigures,
  /** The whole range per game category. */
  categories: z.array(ProfitLine),
  /** Days with game activity, newest first. */
  days: z.array(ProfitDay),
  /** Bonuses received, deposits, and withdrawals (less returned ones, as a positive sum). */
  bonus: Amount,
  deposit: Amount,
  withdrawal: Amount,
});
export type ProfitReport = z.infer<typeof ProfitReport>;
