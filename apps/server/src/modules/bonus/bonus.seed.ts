import type { Db } from '../../db/client.js';
import { runSeedStep } from '../../db/seed/run-step.js';
import { grantBonusIn } from './bonus.service.js';

/** The demo member who gets the welcome bonus (an account of the demo agent tree). */
export const DEMO_BONUS_MEMBER = 'demoplayer1';
/** ₱100.00 with 10x turnover: ₱1,000.00 of valid bets before a withdrawal. */
export const DEMO_WELCOME_BONUS = 10_000n;
export const DEMO_WELCOME_TURNOVER = DEMO_WELCOME_BONUS * 10n;

/**
 * Gives the demo member one welcome bonus, once per database (a seed step, and the ledger key
 * makes a second grant impossible anyway). Skipped when the demo tree has no such member.
 */
export async function seedDemoBonus(db: Db, merchantCode: string): Promise<void> {
  await runSeedStep(db, `demo-welcome-bonus-v1-${merchantCode}`, async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, merchantCode),
    });
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    const member = await tx.query.members.findFirst({
      where: (m, { and, eq }) =>
        and(eq(m.merchantId, merchant.id), eq(m.username, DEMO_BONUS_MEMBER)),
    });
    if (!member) return;
    await grantDemoWelcomeBonus(tx, merchant, member.id, DEMO_WELCOME_BONUS);
  });
}

/**
 * A demo account's welcome bonus with 10x turnover, once per member (the ledger key makes a
 * second grant impossible).
 */
export async function grantDemoWelcomeBonus(
  tx: Db,
  merchant: { id: number; currency: string },
  memberId: number,
  amount: bigint,
): Promise<void> {
  await grantBonusIn(tx, {
    merchantId: merchant.id,
    memberId,
    currency: merchant.currency,
    kind: 'welcome',
    title: { EN: 'Welcome bonus', TL: 'Bonus sa pagsali' },
    amount,
    turnoverRequired: amount * 10n,
    idempotencyKey: `bonus:welcome:${memberId}`,
  });
}
