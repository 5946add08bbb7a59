import { z } from 'zod';
import { MAX_RECORD_RANGE_DAYS, RecordDate, dayNumber } from '../wallet/records.js';
import { Amount } from '../wallet/wallet.js';

/**
 * Back-office reports (issue 7), under /admin/api/reports, permission `reports.read`. Days are
 * calendar days of the merchant's time zone (decision 024); `from` and `to` are both included, at most 90 days apart. The
 * merchant is the request's (a platform operator picks it with the Merchant header).
 *
 * Game figures come from the ledger's game entries (GameLedgerReference): bets are stakes less
 * returned stakes, wins are payouts, GGR = bets - wins, NGR = GGR - bonuses. Bonuses are not tied
 * to games: each day's bonuses are charged to that day's vendor/category lines pro rata to their
 * bets (largest remainder, to the centavo), and the bonuses of days without bets stay a separate
 * unallocated line, so the lines' NGR plus it is exactly the total NGR (decision 016).
 */
export const AdminReportQuery = z
  .object({ from: RecordDate, to: RecordDate })
  .superRefine((value, ctx) => {
    const from = dayNumber(value.from);
    const to = dayNumber(value.to);
    if (from === null || to === null) return;
    if (from > to) {
      ctx.addIssue({ code: 'custom', message: 'date_range_reversed', path: ['from'] });
    } else if (to - from + 1 > MAX_RECORD_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', message: 'date_range_too_long', path: ['to'] });
    }
  });
export type AdminReportQuery = z.infer<typeof AdminReportQuery>;

/**
 * The merchant's active-member rule (contract settings, decision 014), as every active-member
 * figure counts it: valid bets (stakes less returned stakes of rounds closed in the period) of at
 * least `minValidBet` and, when `minDeposit` is set, one deposit of at least that much.
 */
export const ActiveMemberRule = z.object({ minValidBet: Amount, minDeposit: Amount.nullable() });
export type ActiveMemberRule = z.infer<typeof ActiveMemberRule>;

export const ReportFigures = z.object({
  /** Accounts registered (trial accounts excluded). */
  registrations: z.number().int(),
  /** Members whose first ever credited deposit fell in the period, and its amount. */
  firstDeposits: z.number().int(),
  firstDepositAmount: Amount,
  deposits: z.number().int(),
  depositAmount: Amount,
  /** Withdrawals paid out (less ones returned). */
  withdrawals: z.number().int(),
  withdrawalAmount: Amount,
  bets: Amount,
  wins: Amount,
  ggr: Amount,
  bonus: Amount,
  ngr: Amount,
  /**
   * Agent commission paid in the period (ledger entries agent_dividend, agent_daily_salary,
   * agent_hourly_salary, agent_realtime_salary credited to agents), a cost after NGR.
   */
  dividend: Amount,
  dailySalary: Amount,
  hourlySalary: Amount,
  realtimeSalary: Amount,
  /** dividend + the three salaries. */
  commission: Amount,
  /** NGR - commission. */
  netAfterCommission: Amount,
  /**
   * Members active by the contract rule (decision 014): valid bets of rounds closed in the period
   * reaching the merchant's activeMinValidBet and, when set, one deposit reaching activeMinDeposit.
   */
  activeMembers: z.number().int(),
});
export type ReportFigures = z.infer<typeof ReportFigures>;

export const ReportDay = ReportFigures.extend({ date: z.string() });
export type ReportDay = z.infer<typeof ReportDay>;

/** GGR of one vendor and game category over the range. */
export const ReportGameLine = z.object({
  vendorCode: z.string(),
  gameCategory: z.string(),
  bets: Amount,
  wins: Amount,
  ggr: Amount,
  /** The bonuses charged to it: its share of each day's bonuses by its bets that day. */
  bonus: Amount,
  ngr: Amount,
  /** Members that bet on it in the range. */
  players: z.number().int(),
});
export type ReportGameLine = z.infer<typeof ReportGameLine>;

/** GET /admin/api/reports/daily */
export const AdminDailyReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string().length(3),
  merchant: z.object({ id: z.number().int(), code: z.string() }),
  /** Every day of the range, oldest first (days without activity are zeros). */
  days: z.array(ReportDay),
  /** The whole range; activeMembers counts each member once. */
  total: ReportFigures,
  /** The whole range by vendor and category, largest GGR first. */
  games: z.array(ReportGameLine),
  /**
   * Bonuses of days without bets, charged to no game (`ngr` is minus `bonus`): the games' NGR
   * plus this line's is the total NGR, to the centavo.
   */
  unallocated: z.object({ bonus: Amount, ngr: Amount }),
  /** The rule `activeMembers` counts by (each day its own period, the total over the range). */
  activeRule: ActiveMemberRule,
});
export type AdminDailyReport = z.infer<typeof AdminDailyReport>;

/**
 * GET /admin/api/reports/daily.csv and /admin/api/reports/games.csv: the same figures as
 * text/csv (a download), one line per day or per vendor and category.
 */
export const ADMIN_REPORT_CSV_KINDS = ['daily', 'games'] as const;
