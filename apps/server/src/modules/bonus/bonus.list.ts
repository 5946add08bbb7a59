import {
  formatAmount,
  zonedRange,
  type BonusPage,
  type BonusQuery,
  type Language,
} from '@app/shared';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bonusGrants } from '../../db/schema/index.js';
import type { Merchant } from '../merchant/index.js';
import { remainingTurnover } from './turnover.js';

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
  const conditions: SQL[] = [
    eq(bonusGrants.merchantId, merchant.id),
    eq(bonusGrants.memberId, memberId),
  ];
  if (query.status) conditions.push(eq(bonusGrants.status, query.status));
  if (query.from !== undefined && query.to !== undefined) {
    const { start, end } = zonedRange(query.from, query.to, merchant.timeZone);
    conditions.push(gte(bonusGrants.createdAt, start));
    conditions.push(lt(bonusGrants.createdAt, end));
  }
  const where = and(...conditions);
  const [rows, [counted], left] = await Promise.all([
    db
      .select()
      .from(bonusGrants)
      .where(where)
      .orderBy(desc(bonusGrants.createdAt), desc(bonusGrants.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(bonusGrants).where(where),
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
    total: counted?.total ?? 0,
    remainingTurnover: formatAmount(left),
  };
}
