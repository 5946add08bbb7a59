import { AppError } from '../../lib/app-error.js';
import { toCsv, type CsvValue } from '../../lib/csv.js';
import type { Db } from '../../db/client.js';
import {
  agentIncome,
  teamBets,
  teamOverview,
  teamTransactions,
  userLoss,
  type Caller,
} from './reports.service.js';

/**
 * The CSV exports of the agent centre's reports (issue 18): the same services, filters and team
 * scope as the pages, every row of the range at once instead of one page. Built on the server
 * because the bets and transactions of a large team over 90 days reach tens of thousands of rows,
 * which the browser would fetch page by page; capped so one request stays bounded.
 */

/** The most rows one export holds; a larger report answers EXPORT_TOO_LARGE. */
export const EXPORT_MAX_ROWS = 10_000;

export type CsvFile = { fileName: string; body: string };

type Range = { from: string; to: string };

const fileName = (report: string, range: Range) => `agent-${report}_${range.from}_${range.to}.csv`;

/** Every row of a paged report, or EXPORT_TOO_LARGE when there are more than the cap. */
function allRows<Q>(query: Q): Q & { page: number; size: number } {
  return { ...query, page: 1, size: EXPORT_MAX_ROWS };
}

function checkSize(total: number) {
  if (total > EXPORT_MAX_ROWS) {
    throw new AppError('EXPORT_TOO_LARGE', { limit: EXPORT_MAX_ROWS, total });
  }
}

function file(report: string, range: Range, header: string[], rows: CsvValue[][]): CsvFile {
  return { fileName: fileName(report, range), body: toCsv(header, rows) };
}

type Query<F extends (db: Db, caller: Caller, query: never) => unknown> = Parameters<F>[2];

/** The team overview's figures for the range: one line. */
export async function overviewCsv(db: Db, caller: Caller, query: Query<typeof teamOverview>) {
  const r = await teamOverview(db, caller, query);
  return file(
    'overview',
    r,
    [
      'from',
      'to',
      'currency',
      'members',
      'direct_members',
      'new_members',
      'active_members',
      'deposit_count',
      'deposits',
      'withdrawal_count',
      'withdrawals',
      'bet_count',
      'bets',
      'valid_bets',
      'payout',
      'profit',
      'bonus',
    ],
    [
      [
        r.from,
        r.to,
        r.currency,
        r.members,
        r.directMembers,
        r.newMembers,
        r.activeMembers,
        r.depositCount,
        r.deposits,
        r.withdrawalCount,
        r.withdrawals,
        r.betCount,
        r.bets,
        r.validBets,
        r.payout,
        r.profit,
        r.bonus,
      ],
    ],
  );
}

/** Team betting: one line per game round, newest first. */
export async function betsCsv(db: Db, caller: Caller, query: Query<typeof teamBets>) {
  const r = await teamBets(db, caller, allRows(query));
  checkSize(r.total);
  return file(
    'bets',
    r,
    [
      'time',
      'account',
      'round_id',
      'vendor',
      'game_code',
      'game_category',
      'bet',
      'win',
      'profit',
      'status',
    ],
    r.items.map((b) => [
      b.time,
      b.account,
      b.roundId,
      b.vendor,
      b.gameCode,
      b.gameCategory,
      b.bet,
      b.win,
      b.profit,
      b.status,
    ]),
  );
}

/** User loss: one line per member, biggest loss first. */
export async function lossCsv(db: Db, caller: Caller, query: Query<typeof userLoss>) {
  const r = await userLoss(db, caller, allRows(query));
  checkSize(r.total);
  return file(
    'loss',
    r,
    ['account', 'level', 'bet_count', 'bets', 'valid_bets', 'payout', 'bonus', 'profit'],
    r.items.map((l) => [
      l.account,
      l.depth,
      l.betCount,
      l.bets,
      l.validBets,
      l.payout,
      l.bonus,
      l.profit,
    ]),
  );
}

/** Downline transaction details: one line per account movement, newest first. */
export async function transactionsCsv(
  db: Db,
  caller: Caller,
  query: Query<typeof teamTransactions>,
) {
  const r = await teamTransactions(db, caller, allRows(query));
  checkSize(r.total);
  return file(
    'transactions',
    r,
    ['time', 'account', 'type', 'wallet', 'amount', 'balance_after'],
    r.items.map((t) => [t.time, t.account, t.type, t.wallet, t.amount, t.balanceAfter]),
  );
}

/** My income: one line per contract payment, newest first; the reference as posted (JSON). */
export async function incomeCsv(db: Db, caller: Caller, query: Query<typeof agentIncome>) {
  const r = await agentIncome(db, caller, allRows(query));
  checkSize(r.total);
  return file(
    'income',
    r,
    ['time', 'type', 'wallet', 'amount', 'reference'],
    r.items.map((i) => [
      i.time,
      i.type,
      i.wallet,
      i.amount,
      i.reference ? JSON.stringify(i.reference) : null,
    ]),
  );
}
