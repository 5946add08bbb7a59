import {
  AGENT_INCOME_TYPES,
  formatAmount,
  presetRange,
  RECORD_CATEGORY_ENTRY_TYPES,
  recordsToday,
  zonedRange,
  type AgentIncomePage,
  type AgentIncomeQuery,
  type AgentIncomeType,
  type BetStatus,
  type ReportPreset,
  type TeamBetPage,
  type TeamBetQuery,
  type TeamOverview,
  type TeamOverviewQuery,
  type TeamTransactionPage,
  type TeamTransactionQuery,
  type UserLossPage,
  type UserLossQuery,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { activeRuleOf, loadContractSettings } from '../agent/index.js';
import type { Merchant } from '../merchant/index.js';
import { recordType } from '../records/index.js';
import * as repo from './reports.repository.js';
import * as rollup from './rollup.repository.js';

/** The calling agent, and where a refused member filter is logged. */
export type Caller = { merchant: Merchant; agentId: number; log: FastifyBaseLogger };

type Period = {
  preset?: ReportPreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The days a report covers: the preset's, the query's range, or today (the merchant's). */
export function reportRange(query: Period, timeZone: string) {
  const today = recordsToday(new Date(), timeZone);
  if (query.preset) return presetRange(query.preset, today);
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  return { from: today, to: today };
}

function scopeOf(caller: Caller, range: { from: string; to: string }): repo.TeamScope {
  return {
    merchantId: caller.merchant.id,
    agentId: caller.agentId,
    currency: caller.merchant.currency,
    timeZone: caller.merchant.timeZone,
    ...zonedRange(range.from, range.to, caller.merchant.timeZone),
    from: range.from,
    to: range.to,
  };
}

function head(caller: Caller, range: { from: string; to: string }) {
  return {
    ...range,
    currency: caller.merchant.currency,
    currencySymbol: caller.merchant.currencySymbol,
  };
}

/** The head of a report page with no rows yet: its range and currency, the page asked, none. */
function emptyPage(
  caller: Caller,
  range: { from: string; to: string },
  query: { page: number; size: number },
) {
  return { ...head(caller, range), items: [], page: query.page, size: query.size, total: 0 };
}

/**
 * The scope of a report with a member filter: narrowed to that member when they are in the
 * caller's team; null (an empty report, and a warning naming the caller and what they asked)
 * when they are not: an unknown account and someone else's look the same to the caller.
 */
async function filtered(
  db: Db,
  caller: Caller,
  range: { from: string; to: string },
  filter: { memberId?: number | undefined; account?: string | undefined },
  report: string,
): Promise<repo.TeamScope | null> {
  const scope = scopeOf(caller, range);
  if (filter.memberId === undefined && filter.account === undefined) return scope;
  const memberId = await repo.teamMemberId(db, scope, filter);
  if (memberId === undefined) {
    caller.log.warn(
      {
        agentId: caller.agentId,
        askedMemberId: filter.memberId ?? null,
        askedAccount: filter.account ?? null,
        report,
      },
      'agent report filter outside the caller’s team',
    );
    return null;
  }
  return { ...scope, memberId };
}

const page = (query: { page: number; size: number }) => ({
  limit: query.size,
  offset: (query.page - 1) * query.size,
});

/** GET /wps/agent/report/overview */
export async function teamOverview(
  db: Db,
  caller: Caller,
  query: TeamOverviewQuery,
): Promise<TeamOverview> {
  const range = reportRange(query, caller.merchant.timeZone);
  const rule = await loadContractSettings(db, caller.merchant.id);
  const f = await repo.overview(db, scopeOf(caller, range), await repo.rollupReady(db), rule);
  return {
    ...head(caller, range),
    members: f.members,
    directMembers: f.directMembers,
    newMembers: f.newMembers,
    activeMembers: f.activeMembers,
    activeRule: activeRuleOf(rule),
    depositCount: f.depositCount,
    deposits: formatAmount(f.deposits),
    withdrawalCount: f.withdrawalCount,
    withdrawals: formatAmount(f.withdrawals),
    betCount: f.betCount,
    bets: formatAmount(f.bets),
    validBets: formatAmount(f.validBets),
    payout: formatAmount(f.payout),
    profit: formatAmount(f.payout - f.bets),
    bonus: formatAmount(f.bonus),
  };
}

/** GET /wps/agent/report/bets: the team's game rounds, newest first. */
export async function teamBets(db: Db, caller: Caller, query: TeamBetQuery): Promise<TeamBetPage> {
  const range = reportRange(query, caller.merchant.timeZone);
  const empty = {
    ...emptyPage(caller, range, query),
    totalBet: '0.00',
    totalWin: '0.00',
    totalProfit: '0.00',
  };
  const scope = await filtered(db, caller, range, query, 'bets');
  if (!scope) return empty;
  const filter = { category: query.category };
  const [rows, totals] = await Promise.all([
    repo.betRows(db, scope, filter, page(query)),
    repo.betTotals(db, scope, filter),
  ]);
  return {
    ...empty,
    items: rows.map((row) => {
      const stake = BigInt(row.stake as string);
      const win = BigInt(row.win as string);
      return {
        id: Number(row.id),
        memberId: Number(row.member_id),
        account: String(row.account),
        roundId: String(row.round_id),
        vendor: String(row.vendor_code),
        gameCode: String(row.game_code),
        gameCategory: String(row.game_category),
        bet: formatAmount(stake),
        win: formatAmount(win),
        profit: formatAmount(win - stake),
        status: row.status as BetStatus,
        time: new Date(row.created_at as string | Date).toISOString(),
      };
    }),
    total: totals.count,
    totalBet: formatAmount(totals.stake),
    totalWin: formatAmount(totals.win),
    totalProfit: formatAmount(totals.win - totals.stake),
  };
}

function lossFigures(f: repo.LossFigures) {
  return {
    betCount: f.betCount,
    bets: formatAmount(f.bets),
    validBets: formatAmount(f.validBets),
    payout: formatAmount(f.payout),
    profit: formatAmount(f.payout - f.bets),
    bonus: formatAmount(f.bonus),
  };
}

const ZERO_LOSS: repo.LossFigures = { betCount: 0, bets: 0n, validBets: 0n, payout: 0n, bonus: 0n };

/** GET /wps/agent/report/loss: per team member who played or got a bonus, biggest loss first. */
export async function userLoss(
  db: Db,
  caller: Caller,
  query: UserLossQuery,
): Promise<UserLossPage> {
  const range = reportRange(query, caller.merchant.timeZone);
  const empty = {
    ...emptyPage(caller, range, query),
    totals: lossFigures(ZERO_LOSS),
  };
  const scope = await filtered(db, caller, range, query, 'loss');
  if (!scope) return empty;
  const rollup = await repo.rollupReady(db);
  const rows = await repo.lossRows(db, scope, rollup, page(query));
  // Each row carries the totals; a page past the end has none, so they are asked apart.
  const first = rows[0];
  const totals = first
    ? {
        members: Number(first.all_members),
        betCount: Number(first.all_bet_count),
        bets: BigInt(first.all_bets as string),
        validBets: BigInt(first.all_valid_bets as string),
        payout: BigInt(first.all_payout as string),
        bonus: BigInt(first.all_bonus as string),
      }
    : await repo.lossTotals(db, scope, rollup);
  return {
    ...empty,
    items: rows.map((row) => ({
      memberId: Number(row.member_id),
      account: String(row.account),
      depth: Number(row.depth),
      ...lossFigures({
        betCount: Number(row.bet_count),
        bets: BigInt(row.bets as string),
        validBets: BigInt(row.valid_bets as string),
        payout: BigInt(row.payout as string),
        bonus: BigInt(row.bonus as string),
      }),
    })),
    total: totals.members,
    totals: lossFigures(totals),
  };
}

function walletName(kind: string, vendorCode: string | null): string {
  if (kind === 'member_vendor') return vendorCode ?? '';
  if (kind === 'agent_commission') return 'commission';
  return 'main';
}

/** GET /wps/agent/report/transactions: the team's account movements, newest first. */
export async function teamTransactions(
  db: Db,
  caller: Caller,
  query: TeamTransactionQuery,
): Promise<TeamTransactionPage> {
  const range = reportRange(query, caller.merchant.timeZone);
  const empty = {
    ...emptyPage(caller, range, query),
    totalIn: '0.00',
    totalOut: '0.00',
  };
  const scope = await filtered(db, caller, range, query, 'transactions');
  if (!scope) return empty;
  const types = query.category ? RECORD_CATEGORY_ENTRY_TYPES[query.category] : null;
  const [rows, totals] = await Promise.all([
    repo.transactionRows(db, scope, types, page(query)),
    repo.transactionTotals(db, scope, types),
  ]);
  return {
    ...empty,
    items: rows.map((row) => {
      const amount = BigInt(row.amount as string);
      return {
        id: Number(row.id),
        memberId: Number(row.member_id),
        account: String(row.account),
        time: new Date(row.created_at as string | Date).toISOString(),
        type: recordType(String(row.type), amount),
        amount: formatAmount(amount),
        wallet: walletName(String(row.account_kind), row.vendor_code as string | null),
        balanceAfter: formatAmount(BigInt(row.balance_after as string)),
      };
    }),
    total: totals.count,
    totalIn: formatAmount(totals.totalIn),
    totalOut: formatAmount(totals.totalOut),
  };
}

/** GET /wps/agent/report/income: what the agent's contracts paid them, newest first. */
export async function agentIncome(
  db: Db,
  caller: Caller,
  query: AgentIncomeQuery,
): Promise<AgentIncomePage> {
  const range = reportRange(query, caller.merchant.timeZone);
  const scope = scopeOf(caller, range);
  const types: readonly AgentIncomeType[] = query.type ? [query.type] : AGENT_INCOME_TYPES;
  const [rows, totals] = await Promise.all([
    repo.incomeRows(db, scope, types, page(query)),
    repo.incomeTotals(db, scope, types),
  ]);
  const sum = [...totals.byType.values()].reduce((a, b) => a + b, 0n);
  return {
    ...head(caller, range),
    items: rows.map((row) => ({
      id: Number(row.id),
      time: new Date(row.created_at as string | Date).toISOString(),
      type: row.type as AgentIncomeType,
      amount: formatAmount(BigInt(row.amount as string)),
      wallet: walletName(String(row.account_kind), row.vendor_code as string | null),
      reference:
        row.reference && typeof row.reference === 'object'
          ? (row.reference as Record<string, unknown>)
          : null,
    })),
    page: query.page,
    size: query.size,
    total: totals.count,
    totalAmount: formatAmount(sum),
    byType: AGENT_INCOME_TYPES.map((type) => ({
      type,
      amount: formatAmount(totals.byType.get(type) ?? 0n),
    })),
  };
}

/** The transaction id the hourly roll-up has read up to, or null before its first build. */
export function rolledUpTo(db: Db): Promise<number | null> {
  return rollup.rolledUpTo(db);
}
