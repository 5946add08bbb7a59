import {
  formatAmount,
  zonedRange,
  type BonusPage,
  type BonusQuery,
  type Language,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import type { Merchant } from '../merchant/index.js';
import { grantPage } from './bonus.repository.js';
import { remainingTurnover } from './turnover.repository.js';

/**
 * GET /wps/relay/member/bonuses: the caller's bonuses, newest first, with the turnover each still
 * asks; without dates, all of them. `remainingTurnover` is over every active bonus whatever the
 * filter, the figure a withdrawal is checked against.
 */
export async function listBonuses(
  db: Db,
  owner: { merchant: Merchant; memberId: number; language: Language },
  query: BonusQuery,
): Promise<BonusPage> {
  const { merchant, memberId, language } = owner;
  const range =
    query.from !== undefined && query.to !== undefined
      ? zonedRange(query.from, query.to, merchant.timeZone)
      : undefined;
  const filter = { merchantId: merchant.id, memberId, status: query.status, range };
  const [{ rows, total }, left] = await Promise.all([
    grantPage(db, filter, { limit: query.size, offset: (query.page - 1) * query.size }),
    remainingTurnover(db, merchant.id, memberId),
  ]);
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    items: rows.map((row) => {
      const owed = row.turnoverRequired - row.turnoverDone;
      return {
        id: row.id,
        title: row.title[language] || row.title.EN,
        kind: row.kind,
        amount: formatAmount(row.amount),
        turnoverRequired: formatAmount(row.turnoverRequired),
        turnoverDone: formatAmount(row.turnoverDone),
        turnoverLeft: formatAmount(row.status === 'active' && owed > 0n ? owed : 0n),
        status: row.status as BonusPage['items'][number]['status'],
        time: row.createdAt.toISOString(),
        completedAt: row.completedAt?.toISOString() ?? null,
      };
    }),
    page: query.page,
    size: query.size,
    total,
    remainingTurnover: formatAmount(left),
  };
}
