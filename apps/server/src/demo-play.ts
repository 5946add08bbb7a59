import { randomBytes } from 'node:crypto';
import type { Db } from './db/client.js';
import { runSeedStep } from './db/seed/run-step.js';
import { hashPassword } from './lib/password.js';
import type { SecretBox } from './lib/secret-box.js';
import { spin } from './modules/bgs/bgs.service.js';
import { grantDemoWelcomeBonus } from './modules/bonus/bonus.seed.js';
import { merchantOfCode } from './modules/merchant/index.js';
import { findMemberByUsername, insertMember } from './modules/member/index.js';
import { createDoorSwitches } from './modules/system/system.service.js';
import { createVendorCalls } from './modules/vendor-wallet/index.js';

/**
 * The demo's table activity: a few regulars of the demo merchant, each with a welcome bonus, play
 * the in-house slot through its real path (provably fair rounds, the vendor wallet, the ledger),
 * so a fresh demo's winners carousel shows real wins instead of nothing. Nobody signs in as them
 * (their password is random and thrown away). Seeded at start-up only (seedDemoAtStartup): the
 * tests' demo databases stay as their figures expect.
 */
export const DEMO_REGULARS = ['luckyjuan', 'reina88', 'bossing77'] as const;
/** Each regular's welcome bonus: ₱500.00 with 10x turnover. */
const BONUS = 50_000n;
/** Spins per regular at ₱5.00 (a line bet of 0.25 on 20 lines). */
const SPINS = 12;
const BET = '5.00';

export async function seedDemoPlay(
  db: Db,
  merchantCode: string,
  secrets: SecretBox,
): Promise<void> {
  await runSeedStep(db, `demo-play-v1-${merchantCode}`, async (tx) => {
    const merchant = await merchantOfCode(tx, merchantCode);
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    const passwordHash = await hashPassword(randomBytes(24).toString('hex'));
    const switches = createDoorSwitches(tx);
    const deps = { db: tx, secrets, switches, vendorCalls: createVendorCalls(tx, { switches }) };
    for (const username of DEMO_REGULARS) {
      // Someone registered the name before this step ran: leave their account alone.
      if (await findMemberByUsername(tx, merchant.id, username)) continue;
      const member = await insertMember(tx, {
        merchantId: merchant.id,
        username,
        type: 0,
        passwordHash,
        uplineId: null,
      });
      await grantDemoWelcomeBonus(tx, merchant, member.id, BONUS);
      const caller = { merchant, auth: { role: 'member' as const, member, sessionId: 0 } };
      for (let round = 0; round < SPINS; round += 1) {
        await spin(deps, caller, { bet: BET, clientRequestId: `demo-play-${member.id}-${round}` });
      }
    }
  });
}
