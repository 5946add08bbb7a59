import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gameRounds, gatewayCallbacks } from '../../db/schema/index.js';
import { roundGameName, roundStatus } from './bets.repository.js';

type Window = { limit: number; offset: number };

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
        gameName: roundGameName,
        gameCategory: gameRounds.gameCategory,
        currency: gameRounds.currency,
        betTotal: gameRounds.betTotal,
        refundTotal: gameRounds.refundTotal,
        winTotal: gameRounds.winTotal,
        status: roundStatus,
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
