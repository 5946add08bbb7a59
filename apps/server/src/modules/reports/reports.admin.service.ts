import {
  TRIAL_TYPE,
  UNKNOWN_GAME_CATEGORY,
  addDays,
  dayNumber,
  formatAmount,
  zonedRange,
  type AdminDailyReport,
  type AdminReportQuery,
  type ReportFigures,
  type ReportGameLine,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { toCsv } from '../../lib/csv.js';
import { activeRuleOf, loadContractSettings } from '../agent/index.js';
import type { Merchant, MerchantZones } from '../merchant/index.js';
import { splitByWeight } from './bonus-allocation.js';
import * as repo from './reports.admin.repository.js';

/**
 * The back-office reports (issue 7): per day of the merchant's time zone and per merchant, registrations, first
 * deposits, deposits, paid withdrawals, bets, wins, GGR (bets - wins), bonuses, NGR (GGR -
 * bonuses), agent commission as cost lines (dividend and daily, hourly and real-time salary paid,
 * issue 18) with the net after commission (NGR - commission), and active members (the contract
 * rule, modules/agent/active-members.repository); GGR and NGR also by vendor and game category (bonuses
 * allocated by each day's bets, decision 016; commission is not split by game); CSV exports.
 */

/** What a day adds up, in minor units (GGR, NGR and active members are derived or counted apart). */
type Sums = {
  registrations: number;
  firstDeposits: number;
  firstDepositAmount: bigint;
  deposits: number;
  depositAmount: bigint;
  withdrawals: number;
  withdrawalAmount: bigint;
  bets: bigint;
  wins: bigint;
  bonus: bigint;
  dividend: bigint;
  dailySalary: bigint;
  hourlySalary: bigint;
  realtimeSalary: bigint;
};

function zero(): Sums {
  return {
    registrations: 0,
    firstDeposits: 0,
    firstDepositAmount: 0n,
    deposits: 0,
    depositAmount: 0n,
    withdrawals: 0,
    withdrawalAmount: 0n,
    bets: 0n,
    wins: 0n,
    bonus: 0n,
    dividend: 0n,
    dailySalary: 0n,
    hourlySalary: 0n,
    realtimeSalary: 0n,
  };
}

function add(into: Sums, sums: Sums): void {
  into.registrations += sums.registrations;
  into.firstDeposits += sums.firstDeposits;
  into.firstDepositAmount += sums.firstDepositAmount;
  into.deposits += sums.deposits;
  into.depositAmount += sums.depositAmount;
  into.withdrawals += sums.withdrawals;
  into.withdrawalAmount += sums.withdrawalAmount;
  into.bets += sums.bets;
  into.wins += sums.wins;
  into.bonus += sums.bonus;
  into.dividend += sums.dividend;
  into.dailySalary += sums.dailySalary;
  into.hourlySalary += sums.hourlySalary;
  into.realtimeSalary += sums.realtimeSalary;
}

function figures(sums: Sums, activeMembers: number): ReportFigures {
  const ggr = sums.bets - sums.wins;
  const ngr = ggr - sums.bonus;
  const commission = sums.dividend + sums.dailySalary + sums.hourlySalary + sums.realtimeSalary;
  return {
    registrations: sums.registrations,
    firstDeposits: sums.firstDeposits,
    firstDepositAmount: formatAmount(sums.firstDepositAmount),
    deposits: sums.deposits,
    depositAmount: formatAmount(sums.depositAmount),
    withdrawals: sums.withdrawals,
    withdrawalAmount: formatAmount(sums.withdrawalAmount),
    bets: formatAmount(sums.bets),
    wins: formatAmount(sums.wins),
    ggr: formatAmount(ggr),
    bonus: formatAmount(sums.bonus),
    ngr: formatAmount(ngr),
    dividend: formatAmount(sums.dividend),
    dailySalary: formatAmount(sums.dailySalary),
    hourlySalary: formatAmount(sums.hourlySalary),
    realtimeSalary: formatAmount(sums.realtimeSalary),
    commission: formatAmount(commission),
    netAfterCommission: formatAmount(ngr - commission),
    activeMembers,
  };
}

/** What the reports read with: the database and the merchants' zones (their report days). */
export type ReportDeps = { db: Db; zones: MerchantZones };

export async function dailyReport(
  { db, zones }: ReportDeps,
  merchant: Pick<Merchant, 'id' | 'code' | 'currency'>,
  query: AdminReportQuery,
): Promise<AdminDailyReport> {
  const timeZone = await zones.zoneOf(merchant.id);
  const scope: repo.Scope = {
    merchantId: merchant.id,
    currency: merchant.currency,
    timeZone,
    ...zonedRange(query.from, query.to, timeZone),
  };
  const rule = await loadContractSettings(db, merchant.id);
  const [registrations, deposits, firsts, withdrawals, bonuses, games, active, players, paid] =
    await Promise.all([
      repo.registrations(db, scope, TRIAL_TYPE),
      repo.deposits(db, scope),
      repo.firstDeposits(db, scope),
      repo.paidWithdrawals(db, scope),
      repo.bonuses(db, scope),
      repo.games(db, scope, UNKNOWN_GAME_CATEGORY),
      repo.activeMembers(db, scope, query, rule),
      repo.gamePlayers(db, scope, UNKNOWN_GAME_CATEGORY),
      repo.commissions(db, scope),
    ]);

  const byDay = new Map<string, Sums>();
  const count = dayNumber(query.to)! - dayNumber(query.from)! + 1;
  for (let i = 0; i < count; i += 1) byDay.set(addDays(query.from, i), zero());
  const at = (day: string) => byDay.get(day) ?? zero();
  for (const row of registrations) at(row.day).registrations += row.count;
  for (const row of deposits) {
    at(row.day).deposits += row.count;
    at(row.day).depositAmount += row.amount;
  }
  for (const row of firsts) {
    at(row.day).firstDeposits += row.count;
    at(row.day).firstDepositAmount += row.amount;
  }
  for (const row of withdrawals) {
    at(row.day).withdrawals += row.count;
    at(row.day).withdrawalAmount += row.amount;
  }
  for (const [day, amount] of bonuses) at(day).bonus += amount;
  for (const row of paid) at(row.day)[row.kind] += row.amount;

  type Line = {
    vendorCode: string;
    gameCategory: string;
    bets: bigint;
    wins: bigint;
    bonus: bigint;
  };
  const lines = new Map<string, Line>();
  const betsByDay = new Map<string, { key: string; bets: bigint }[]>();
  for (const row of games) {
    at(row.day).bets += row.bets;
    at(row.day).wins += row.wins;
    const key = `${row.vendorCode}|${row.category}`;
    const line = lines.get(key) ?? {
      vendorCode: row.vendorCode,
      gameCategory: row.category,
      bets: 0n,
      wins: 0n,
      bonus: 0n,
    };
    line.bets += row.bets;
    line.wins += row.wins;
    lines.set(key, line);
    const day = betsByDay.get(row.day) ?? [];
    day.push({ key, bets: row.bets });
    betsByDay.set(row.day, day);
  }
  // Each day's bonuses go to that day's lines by their bets; a day without bets keeps them apart.
  let unallocatedBonus = 0n;
  for (const [day, sums] of byDay) {
    if (sums.bonus === 0n) continue;
    const shares = (betsByDay.get(day) ?? []).sort((a, b) => a.key.localeCompare(b.key));
    const parts = splitByWeight(
      sums.bonus,
      shares.map((share) => share.bets),
    );
    if (!parts) {
      unallocatedBonus += sums.bonus;
      continue;
    }
    shares.forEach((share, i) => {
      lines.get(share.key)!.bonus += parts[i]!;
    });
  }

  const total = zero();
  for (const sums of byDay.values()) add(total, sums);
  const gameLines: ReportGameLine[] = [...lines.entries()]
    .map(([key, line]) => ({ key, ggr: line.bets - line.wins, line }))
    .sort((a, b) => (b.ggr > a.ggr ? 1 : b.ggr < a.ggr ? -1 : a.key.localeCompare(b.key)))
    .map(({ key, ggr, line }) => ({
      vendorCode: line.vendorCode,
      gameCategory: line.gameCategory,
      bets: formatAmount(line.bets),
      wins: formatAmount(line.wins),
      ggr: formatAmount(ggr),
      bonus: formatAmount(line.bonus),
      ngr: formatAmount(ggr - line.bonus),
      players: players.get(key) ?? 0,
    }));

  return {
    from: query.from,
    to: query.to,
    currency: merchant.currency,
    merchant: { id: merchant.id, code: merchant.code },
    days: [...byDay.entries()].map(([date, sums]) => ({
      date,
      ...figures(sums, active.days.get(date) ?? 0),
    })),
    total: figures(total, active.total),
    games: gameLines,
    unallocated: {
      bonus: formatAmount(unallocatedBonus),
      ngr: formatAmount(-unallocatedBonus),
    },
    activeRule: activeRuleOf(rule),
  };
}

const FIGURE_COLUMNS: [string, keyof ReportFigures][] = [
  ['registrations', 'registrations'],
  ['first_deposits', 'firstDeposits'],
  ['first_deposit_amount', 'firstDepositAmount'],
  ['deposits', 'deposits'],
  ['deposit_amount', 'depositAmount'],
  ['withdrawals', 'withdrawals'],
  ['withdrawal_amount', 'withdrawalAmount'],
  ['bets', 'bets'],
  ['wins', 'wins'],
  ['ggr', 'ggr'],
  ['bonus', 'bonus'],
  ['ngr', 'ngr'],
  ['dividend', 'dividend'],
  ['daily_salary', 'dailySalary'],
  ['hourly_salary', 'hourlySalary'],
  ['realtime_salary', 'realtimeSalary'],
  ['commission', 'commission'],
  ['net_after_commission', 'netAfterCommission'],
  ['active_members', 'activeMembers'],
];

/** One line per day and a closing `total` line. */
export function dailyCsv(report: AdminDailyReport): string {
  const line = (label: string, f: ReportFigures) => [
    label,
    ...FIGURE_COLUMNS.map(([, key]) => f[key]),
  ];
  return toCsv(
    ['date', ...FIGURE_COLUMNS.map(([name]) => name)],
    [...report.days.map((day) => line(day.date, day)), line('total', report.total)],
  );
}

/**
 * One line per vendor and category, then `unallocated` (bonuses of days without bets) and
 * `total`, so the ngr column adds up to the merchant's NGR in the file itself.
 */
export function gamesCsv(report: AdminDailyReport): string {
  return toCsv(
    ['vendor_code', 'game_category', 'bets', 'wins', 'ggr', 'bonus', 'ngr', 'players'],
    [
      ...report.games.map((g) => [
        g.vendorCode,
        g.gameCategory,
        g.bets,
        g.wins,
        g.ggr,
        g.bonus,
        g.ngr,
        g.players,
      ]),
      [
        'unallocated',
        '',
        '0.00',
        '0.00',
        '0.00',
        report.unallocated.bonus,
        report.unallocated.ngr,
        '',
      ],
      [
        'total',
        '',
        report.total.bets,
        report.total.wins,
        report.total.ggr,
        report.total.bonus,
        report.total.ngr,
        '',
      ],
    ],
  );
}
