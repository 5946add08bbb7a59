import { z } from 'zod';
import { Amount } from './wallet.js';
import { RecordDate, MAX_RECORDS_PAGE_SIZE, RECORDS_PAGE_SIZE, dayNumber } from './records.js';

/** The member centre's bonusDetails page (SPEC section 2): bonuses and the turnover they ask. */

export const BONUS_STATUSES = ['active', 'completed', 'cancelled'] as const;
export const BonusStatus = z.enum(BONUS_STATUSES);
export type BonusStatus = z.infer<typeof BonusStatus>;

/** GET /wps/relay/member/bonuses: dates as in the records (Asia/Manila days, at most 90). */
export const BonusQuery = z
  .object({
    status: BonusStatus.optional(),
    from: RecordDate.optional(),
    to: RecordDate.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(MAX_RECORDS_PAGE_SIZE).default(RECORDS_PAGE_SIZE),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'date_range_incomplete', path: ['to'] });
      return;
    }
    const from = value.from === undefined ? null : dayNumber(value.from);
    const to = value.to === undefined ? null : dayNumber(value.to);
    if (from === null || to === null) return;
    if (from > to) {
      ctx.addIssue({ code: 'custom', message: 'date_range_reversed', path: ['from'] });
    } else if (to - from + 1 > 90) {
      ctx.addIssue({ code: 'custom', message: 'date_range_too_long', path: ['to'] });
    }
  });
export type BonusQuery = z.infer<typeof BonusQuery>;

export const BonusItem = z.object({
  id: z.number().int(),
  /** In the caller's language. */
  title: z.string(),
  /** welcome, promotion, rebate, adjustment... */
  kind: z.string(),
  amount: Amount,
  turnoverRequired: Amount,
  turnoverDone: Amount,
  /** What is still to bet on this bonus (0.00 once completed or cancelled). */
  turnoverLeft: Amount,
  status: BonusStatus,
  /** ISO instants. */
  time: z.string(),
  completedAt: z.string().nullable(),
});
export type BonusItem = z.infer<typeof BonusItem>;

export const BonusPage = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  items: z.array(BonusItem),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** The turnover still owed on every active bonus (whatever the filter): blocks withdrawal. */
  remainingTurnover: Amount,
});
export type BonusPage = z.infer<typeof BonusPage>;
