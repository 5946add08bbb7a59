import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { affiliateCodes, agentContracts, members } from '../../src/db/schema/index.js';
import { MERCHANT_ID } from './ledger.js';
import type { memberApi } from './member-api.js';

/**
 * An active daily salary contract written straight to the table, as if offered and accepted at
 * `acceptedAt` (now by default): from `uplineId` (null: the operator) to `downlineId`.
 */
export async function activeDailySalary(
  db: Db,
  contract: { uplineId: number | null; downlineId: number; ratesBp: number[]; acceptedAt?: Date },
): Promise<number> {
  const acceptedAt = contract.acceptedAt ?? new Date();
  const [row] = await db
    .insert(agentContracts)
    .values({
      merchantId: MERCHANT_ID,
      kind: 'daily_salary',
      uplineId: contract.uplineId,
      downlineId: contract.downlineId,
      terms: { ratesBp: contract.ratesBp },
      status: 'active',
      acceptedAt,
      createdAt: acceptedAt,
    })
    .returning({ id: agentContracts.id });
  return row!.id;
}

/** An account the tests act as: its session token, id and username. */
export type TestAccount = { token: string; id: number; username: string };

let affiliateSequence = 0;

/**
 * An account registered through the member API; `under` registers it below that agent through a
 * new affiliate code, as the agent's link would; `type` then sets its account type (1, 2: agents).
 */
export async function registerAccount(
  api: ReturnType<typeof memberApi>,
  db: Db,
  options: { type?: number; under?: { id: number } } = {},
): Promise<TestAccount> {
  let affiliateCode: string | undefined;
  if (options.under) {
    affiliateCode = `T${options.under.id}X${(affiliateSequence += 1)}`;
    await db
      .insert(affiliateCodes)
      .values({ merchantId: MERCHANT_ID, code: affiliateCode, agentId: options.under.id });
  }
  const registered = (await api.register(affiliateCode ? { affiliateCode } : {})).json();
  expect(registered.success).toBe(true);
  const id = registered.value.user.id as number;
  if (options.type !== undefined) {
    await db.update(members).set({ type: options.type }).where(eq(members.id, id));
  }
  return {
    token: registered.value.token as string,
    id,
    username: registered.value.user.account as string,
  };
}
