import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { depositChannels } from '../schema/index.js';
import { runSeedStep } from './run-step.js';

type ChannelSeed = Omit<typeof depositChannels.$inferInsert, 'merchantId'>;

/** The demo merchant's deposit channels: three manual ones and the sandbox gateway. */
const CHANNELS: ChannelSeed[] = [
  {
    code: 'GCASH',
    kind: 'manual',
    method: 'gcash',
    names: { EN: 'GCash', TL: 'GCash' },
    payeeName: 'Demo Casino PH',
    payeeAccount: '0917 000 0001',
    payeeBank: null,
    minAmount: 10_000n,
    maxAmount: 5_000_000n,
  },
  {
    code: 'MAYA',
    kind: 'manual',
    method: 'maya',
    names: { EN: 'Maya', TL: 'Maya' },
    payeeName: 'Demo Casino PH',
    payeeAccount: '0918 000 0002',
    payeeBank: null,
    minAmount: 10_000n,
    maxAmount: 5_000_000n,
  },
  {
    code: 'BANK',
    kind: 'manual',
    method: 'bank',
    names: { EN: 'Bank transfer', TL: 'Paglipat sa bangko' },
    payeeName: 'Demo Casino PH Inc.',
    payeeAccount: '0000-1234-5678',
    payeeBank: 'BDO Unibank',
    minAmount: 50_000n,
    maxAmount: 10_000_000n,
  },
  {
    code: 'SANDBOX_PAY',
    kind: 'online',
    method: 'ewallet',
    names: { EN: 'Sandbox Pay', TL: 'Sandbox Pay' },
    minAmount: 10_000n,
    maxAmount: 5_000_000n,
    gatewayCode: 'sandbox',
  },
];

/** Seeds the deposit channels of a merchant once per database (step name per merchant code). */
export async function seedDepositChannels(db: Db, merchantCode: string): Promise<void> {
  await runSeedStep(db, `deposit-channels-v1-${merchantCode}`, async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, merchantCode),
    });
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    await tx
      .insert(depositChannels)
      .values(
        CHANNELS.map((channel, sequence) => ({ ...channel, merchantId: merchant.id, sequence })),
      )
      .onConflictDoNothing();
  });
  // Databases seeded before had the bank channel's Tagalog name in English; a name an operator
  // gave it stays.
  await runSeedStep(db, `deposit-channel-names-v2-${merchantCode}`, async (tx) => {
    const merchant = await tx.query.merchants.findFirst({
      where: (m, { eq }) => eq(m.code, merchantCode),
    });
    if (!merchant) throw new Error(`merchant ${merchantCode} missing`);
    await tx
      .update(depositChannels)
      .set({ names: sql`jsonb_set(${depositChannels.names}, '{TL}', '"Paglipat sa bangko"')` })
      .where(
        and(
          eq(depositChannels.merchantId, merchant.id),
          eq(depositChannels.code, 'BANK'),
          sql`${depositChannels.names}->>'TL' = 'Bank transfer'`,
        ),
      );
  });
}
