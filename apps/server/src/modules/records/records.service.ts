import {
  DEFAULT_RECORD_RANGE_DAYS,
  RECORD_CATEGORY_ENTRY_TYPES,
  UNKNOWN_GAME_CATEGORY,
  addDays,
  formatAmount,
  zonedRange,
  recordsToday,
  type ProfitLine,
  type ProfitQuery,
  type ProfitReport,
  type RecordType,
  type TransactionPage,
  type TransactionQuery,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import type { Merchant } from '../merchant/index.js';
import * as ledger from '../ledger/index.js';

export type Owner = { merchant: Merchant; memberId: number };

/**
 * The days a query names, or the last DEFAULT_RECORD_RANGE_DAYS days ending today in the
 * merchant's time zone.
 */
export function resolveRange(
  query: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
): {
  from: string;
  to: string;
} {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  const to = recordsToday(new Date(), timeZone);
  return { from: addDays(to, -(DEFAULT_RECORD_RANGE_DAYS - 1)), to };
}

export function scopeOf(owner: Owner, range: { from: string; to: string }): ledger.RecordScope {
  return {
    merchantId: owner.merchant.id,
    memberId: owner.memberId,
    currency: owner.merchant.currency,
    timeZone: owner.merchant.timeZone,
    ...zonedRange(range.from, range.to, owner.merchant.timeZone),
  };
}

/** The member-facing kind of one posting (see RECORD_TYPES). */
export function recordType(entryType: string, amount: bigint): RecordType {
  const incoming = amount > 0n;
  switch (entryType) {
    case 'withdrawal_release':
      return 'withdrawal_returned';
    case 'agent_transfer':
    case 'upline_transfer':
      return incoming ? 'transfer_in' : 'transfer_out';
    case 'vendor_transfer':
      return incoming ? 'wallet_in' : 'wallet_out';
    case 'bet_release':
      return 'bet_returned';
    case 'bet_settle':
      return 'bet';
    // Agent contract payouts (decision 014) are the agent's commission.
    case 'agent_dividend':
    case 'agent_daily_salary':
    case 'agent_hourly_salary':
    case 'agent_realtime_salary':
      return 'commission';
    case 'deposit':
    case 'withdrawal':
    case 'bet':
    case 'payout':
    case 'bonus':
    case 'commission':
    case 'adjustment':
      return entryType;
    default:
      return 'adjustment';
  }
}

function walletName(row: ledger.RecordRow): string {
  if (row.accountKind === 'member_vendor') return row.vendorCode;
  if (row.accountKind === 'agent_commission') return 'commission';
  return 'main';
}

const GAME_TYPES = new Set(['bet', 'bet_release', 'bet_settle', 'payout']);

/** GET /wps/relay/member/transactions: the account record, newest first. */
export async function listTransactions(
  db: Db,
  owner: Owner,
  query: TransactionQuery,
): Promise<TransactionPage> {
  const range = resolveRange(query, owner.merchant.timeZone);
  const scope = scopeOf(owner, range);
  const types = query.category ? RECORD_CATEGORY_ENTRY_TYPES[query.category] : null;
  const [found, totals] = await Promise.all([
    ledger.memberRecordRows(db, scope, types, {
      limit: query.size,
      offset: (query.page - 1) * query.size,
    }),
    ledger.memberRecordTotals(db, scope, types),
  ]);
  return {
    ...range,
    currency: owner.merchant.currency,
    currencySymbol: owner.merchant.currencySymbol,
    items: found.map((row) => ({
      id: row.id,
      time: row.createdAt.toISOString(),
      type: recordType(row.type, row.amount),
      amount: formatAmount(row.amount),
      wallet: walletName(row),
      balanceAfter: formatAmount(row.balanceAfter),
      counterpart: row.counterpart,
      reference: row.reference,
      gameCategory: GAME_TYPES.has(row.type) ? (row.gameCategory ?? UNKNOWN_GAME_CATEGORY) : null,
      fee: row.fee === null ? null : formatAmount(row.fee),
    })),
    page: query.page,
    size: query.size,
    total: totals.count,
    totalIn: formatAmount(totals.totalIn),
    totalOut: formatAmount(totals.totalOut),
  };
}

type Sums = { stake: bigint; payout: bigint };

function figures(sums: Sums) {
  return {
    stake: formatAmount(sums.stake),
    payout: formatAmount(sums.payout),
    profit: formatAmount(sums.payout - sums.stake),
  };
}

function line(category: string, sums: Sums): ProfitLine {
  return { gameCategory: category, ...figures(sums) };
}

function add(map: Map<string, Sums>, key: string, row: Sums): Sums {
  const sums = map.get(key) ?? { stake: 0n, payout: 0n };
  sums.stake += row.stake;
  sums.payout += row.payout;
  map.set(key, sums);
  return sums;
}

/** GET /wps/relay/member/profit: profit and loss per day of the merchant's time zone and game category. */
export async function profitReport(
  db: Db,
  owner: Owner,
  query: ProfitQuery,
): Promise<ProfitReport> {
  const range = resolveRange(query, owner.merchant.timeZone);
  const scope = scopeOf(owner, range);
  const [games, others] = await Promise.all([
    ledger.memberGameRows(db, scope, UNKNOWN_GAME_CATEGORY),
    ledger.memberTotalsByType(db, scope, ['bonus', 'deposit', 'withdrawal', 'withdrawal_release']),
  ]);
  const total: Sums = { stake: 0n, payout: 0n };
  const byCategory = new Map<string, Sums>();
  const byDay = new Map<string, { sums: Sums; categories: Map<string, Sums> }>();
  for (const row of games) {
    total.stake += row.stake;
    total.payout += row.payout;
    add(byCategory, row.category, row);
    const day = byDay.get(row.day) ?? {
      sums: { stake: 0n, payout: 0n },
      categories: new Map<string, Sums>(),
    };
    day.sums.stake += row.stake;
    day.sums.payout += row.payout;
    add(day.categories, row.category, row);
    byDay.set(row.day, day);
  }
  const sorted = (map: Map<string, Sums>) =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, s]) => line(key, s));
  const net = (type: string) => others.get(type) ?? 0n;
  return {
    ...range,
    currency: owner.merchant.currency,
    currencySymbol: owner.merchant.currencySymbol,
    total: figures(total),
    categories: sorted(byCategory),
    days: [...byDay.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([date, day]) => ({ date, ...figures(day.sums), categories: sorted(day.categories) })),
    bonus: formatAmount(net('bonus')),
    deposit: formatAmount(net('deposit')),
    withdrawal: formatAmount(-(net('withdrawal') + net('withdrawal_release'))),
  };
}
