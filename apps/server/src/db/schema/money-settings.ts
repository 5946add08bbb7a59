import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { merchants } from './platform.js';
import { updatedAt } from './columns.js';

/**
 * The operator's limits on money leaving or moving between members, one row per merchant (amounts
 * in minor units of the merchant's currency). A merchant without a row uses the defaults of
 * modules/wallet/money-settings.ts.
 */
export const moneySettings = pgTable(
  'money_settings',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    withdrawMinAmount: bigint('withdraw_min_amount', { mode: 'bigint' }).notNull(),
    withdrawMaxAmount: bigint('withdraw_max_amount', { mode: 'bigint' }).notNull(),
    /** Withdrawal requests per member per day (merchant's day, Asia/Manila). */
    withdrawDailyCount: integer('withdraw_daily_count').notNull(),
    withdrawDailyAmount: bigint('withdraw_daily_amount', { mode: 'bigint' }).notNull(),
    /** A paid withdrawal the member has not confirmed after this long counts as received. */
    autoReceiptMinutes: integer('auto_receipt_minutes').notNull(),
    /** Agent to downline and member to upline transfers. */
    transferMinAmount: bigint('transfer_min_amount', { mode: 'bigint' }).notNull(),
    transferMaxAmount: bigint('transfer_max_amount', { mode: 'bigint' }).notNull(),
    transferDailyAmount: bigint('transfer_daily_amount', { mode: 'bigint' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'money_settings_limits',
      sql`${t.withdrawMinAmount} > 0 and ${t.withdrawMaxAmount} >= ${t.withdrawMinAmount}
        and ${t.withdrawDailyCount} > 0 and ${t.withdrawDailyAmount} >= ${t.withdrawMinAmount}
        and ${t.autoReceiptMinutes} > 0 and ${t.transferMinAmount} > 0
        and ${t.transferMaxAmount} >= ${t.transferMinAmount}
        and ${t.transferDailyAmount} >= ${t.transferMinAmount}`,
    ),
  ],
);
