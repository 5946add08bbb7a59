import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchas } from '../../db/schema/index.js';

export async function insertCaptcha(
  db: Db,
  row: typeof captchas.$inferInsert,
): Promise<{ id: string }> {
  const [created] = await db.insert(captchas).values(row).returning({ id: captchas.id });
  return created!;
}

/**
 * Spends the merchant's captcha if it is unused and unexpired, and returns its answer hash;
 * null when there was none to spend.
 */
export async function spendCaptcha(
  db: Db,
  merchantId: number,
  captchaId: string,
): Promise<{ answerHash: string } | null> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(captchas.id, captchaId),
        eq(captchas.merchantId, merchantId),
        isNull(captchas.usedAt),
        gt(captchas.expiresAt, sql`now()`),
      ),
    )
    .returning({ answerHash: captchas.answerHash });
  return row ?? null;
}
