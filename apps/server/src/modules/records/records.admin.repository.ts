import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameRounds, games, gatewayCallbacks, vendors } from '../../db/schema/index.js';
import type { LocalizedText } from '../../db/schema/platform.js';

type Window = { limit: number; offset: number };

/** A round's status as the member's betting records show it (records module). */
const status = sql<string>`case
  when ${gameRounds.betCount} > 0 and ${gameRounds.rollbackCount} >= ${gameRounds.betCount} then 'cancelled'
  when ${gameRounds.closed} or ${gameRounds.winCount} > 0 then 'settled'
  else 'open' end`;

/** One member's game rounds, newest first, within the merchant. */
export async function pageRounds(db: Db, merchantId: number, memberId: number, window: Window) {
  const where = and(eq(gameRounds.merchantId, merchantId), eq(gameRounds.memberId, memberId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: gameRounds.id,
        roundId: gameRounds.roundId,
        vendorCode: gameRounds.vendorCode,
        gameCode: gameRounds.gameCode,
        // Qualified by hand: drizzle leaves columns of a one-table select unqualified.
        gameName: sql<LocalizedText | null>`(select g.name from ${games} g
          join ${vendors} v on v.id = g.vendor_id
          where g.merchant_id = game_rounds.merchant_id and v.code = game_rounds.vendor_code
            and g.game_code = game_rounds.game_code
          order by g.id limit 1)`,
        gameCategory: gameRounds.gameCategory,
        currency: gameRounds.currency,
        betTotal: gameRounds.betTotal,
        refundTotal: gameRounds.refundTotal,
        winTotal: gameRounds.winTotal,
        status,
        createdAt: gameRounds.createdAt,
      })
      .from(gameRounds)
      .where(where)
      .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(gameRounds).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The callbacks of the merchant's deposits, newest first (unmatched ones belong to nobody). */
export async function pageCallbacks(
  db: Db,
  merchantId: number,
  filter: { verdict?: string | undefined; paymentId?: string | undefined },
  window: Window,
) {
  const where = and(
    eq(gatewayCallbacks.merchantId, merchantId),
    filter.verdict ? eq(gatewayCallbacks.verdict, filter.verdict) : undefined,
    filter.paymentId ? eq(gatewayCallbacks.paymentId, filter.paymentId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gatewayCallbacks)
      .where(where)
      .orderBy(desc(gatewayCallbacks.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(gatewayCallbacks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
