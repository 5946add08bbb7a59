import {
  formatAmount,
  type BetRecordPage,
  type BetRecordQuery,
  type BetStatus,
  type Language,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import * as repo from './bets.repository.js';
import { resolveRange, scopeOf, type Owner } from './records.service.js';

/** GET /wps/relay/member/bets: the caller's game rounds, newest first. */
export async function listBets(
  db: Db,
  owner: Owner & { language: Language },
  query: BetRecordQuery,
): Promise<BetRecordPage> {
  const range = resolveRange(query, owner.merchant.timeZone);
  const scope = scopeOf(owner, range);
  const filter = { vendor: query.vendor, category: query.category, status: query.status };
  const [rows, totals] = await Promise.all([
    repo.betRows(db, scope, filter, { limit: query.size, offset: (query.page - 1) * query.size }),
    repo.betTotals(db, scope, filter),
  ]);
  return {
    ...range,
    currency: owner.merchant.currency,
    currencySymbol: owner.merchant.currencySymbol,
    items: rows.map((row) => ({
      id: row.id,
      roundId: row.roundId,
      vendor: row.vendorCode,
      vendorName: row.vendorName ?? row.vendorCode,
      gameCode: row.gameCode,
      gameName: row.gameName?.[owner.language] ?? row.gameCode,
      gameCategory: row.gameCategory,
      bet: formatAmount(row.stake),
      win: formatAmount(row.win),
      profit: formatAmount(row.win - row.stake),
      status: row.status as BetStatus,
      time: row.createdAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total: totals.count,
    totalBet: formatAmount(totals.stake),
    totalWin: formatAmount(totals.win),
    totalProfit: formatAmount(totals.win - totals.stake),
  };
}
