import type { CampaignState } from '@app/shared/promotions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { bonusGrants, promotionCampaigns } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/app-error.js';
import { inTransaction } from '../../src/lib/transaction.js';
import { mainBalance } from '../../src/modules/ledger/ledger.service.js';
import { isClean, reconcileLedger } from '../../src/modules/ledger/reconcile.repository.js';
import {
  claimReward,
  createCampaign,
  joinCampaign,
  memberPromotions,
  qualifyIn,
  type Member,
} from '../../src/modules/promotions/index.js';
import { testDatabases } from '../support/databases.js';
import { createMember, CURRENCY, MERCHANT_ID } from '../support/ledger.js';

const ZONE = 'Asia/Manila';
const NOW = new Date('2026-12-10T04:00:00Z');

function terms(change: Record<string, unknown> = {}) {
  return {
    kind: 'first_deposit',
    period: { type: 'once' },
    startsAt: '2026-12-01T00:00:00Z',
    endsAt: '2026-12-31T00:00:00Z',
    eligibility: {
      kycApproved: false,
      phoneVerified: false,
      minAccountAgeDays: 0,
      minVipLevel: 0,
      regions: [],
      agents: false,
    },
    reward: { type: 'percent', basisPoints: 10_000, cap: '100000' },
    minQualifying: '10000',
    wagering: {
      multipleHundredths: 500,
      contributions: { SLOT: 100 },
      maxBet: null,
      winCap: null,
      expiryDays: 7,
    },
    budget: null,
    maxReceivers: null,
    perMemberLimit: 1,
    texts: {
      EN: { title: 'First deposit 100 %', summary: 'Up to 1,000', terms: 'Once.' },
      TL: { title: 'Unang deposito 100 %', summary: 'Hanggang 1,000', terms: 'Isang beses.' },
    },
    image: '/promo/first.webp',
    ...change,
  };
}

function codeOf(error: unknown): string | undefined {
  return error instanceof AppError ? error.code : undefined;
}

describe.each(testDatabases)('promotions on $name', ({ name, open }) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database.close();
  });

  async function member(): Promise<Member> {
    const id = await createMember(database.db);
    return {
      id,
      merchantId: MERCHANT_ID,
      trial: false,
      agent: false,
      kycApproved: true,
      phoneVerified: true,
      registeredAt: new Date('2026-11-01T00:00:00Z'),
      vipLevel: 0,
      region: 'PH',
    };
  }

  const qualify = (campaignId: number, memberId: number, qualifying: bigint, at = NOW) =>
    inTransaction(database.db, (tx) =>
      qualifyIn(tx, { merchantId: MERCHANT_ID, memberId, campaignId, qualifying, at, zone: ZONE }),
    );

  const campaign = (change: Record<string, unknown> = {}, state: CampaignState = 'live') =>
    createCampaign(database.db, {
      merchantId: MERCHANT_ID,
      currency: CURRENCY,
      state,
      terms: terms(change),
    });

  const viewOf = async (who: Member, campaignId: number, language: 'EN' | 'TL' = 'EN') =>
    (await memberPromotions(database.db, who, language, NOW, ZONE)).find(
      (item) => item.campaignId === campaignId,
    )!;

  it('joins, qualifies with a deposit, claims once: a bonus with its turnover', async () => {
    const { id } = await campaign();
    const who = await member();
    expect(await viewOf(who, id)).toMatchObject({ status: 'join', action: 'join' });
    // A deposit before joining does not count.
    expect(await qualify(id, who.id, 50_000n)).toBeNull();
    await joinCampaign(database.db, who, id, NOW, ZONE);
    expect(await viewOf(who, id)).toMatchObject({ status: 'joined', action: 'view' });
    // Below the minimum: still joined.
    expect(await qualify(id, who.id, 9_999n)).toBeNull();
    const qualified = await qualify(id, who.id, 50_000n);
    expect(qualified).toMatchObject({ state: 'qualified', reward: 50_000n });
    expect(await viewOf(who, id, 'TL')).toMatchObject({
      status: 'claim',
      action: 'claim',
      title: 'Unang deposito 100 %',
      reward: 50_000n,
    });
    const { grantId } = await claimReward(database.db, who, qualified!.id, NOW);
    const [grant] = await database.db.select().from(bonusGrants).where(eq(bonusGrants.id, grantId));
    expect(grant).toMatchObject({ amount: 50_000n, turnoverRequired: 250_000n, status: 'active' });
    expect(await mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY)).toBe(50_000n);
    expect(await viewOf(who, id)).toMatchObject({ status: 'process', action: 'view' });
    const again = await claimReward(database.db, who, qualified!.id, NOW).catch((e) => e);
    expect(codeOf(again)).toBe('PROMOTION_ALREADY_CLAIMED');
    expect(await mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY)).toBe(50_000n);
  });

  it('keeps the terms a member qualified under when the campaign is edited later', async () => {
    const { id } = await campaign({
      kind: 'registration',
      reward: { type: 'fixed', amount: '5000' },
    });
    const who = await member();
    const qualified = await qualify(id, who.id, 0n);
    await database.db
      .update(promotionCampaigns)
      .set({ terms: terms({ kind: 'registration', reward: { type: 'fixed', amount: '999999' } }) })
      .where(eq(promotionCampaigns.id, id));
    await claimReward(database.db, who, qualified!.id, NOW);
    expect(await mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY)).toBe(5_000n);
  });

  it('refuses, with a code and nothing written, what the rules do not allow', async () => {
    const who = await member();
    const closed = await campaign({}, 'closed');
    expect(codeOf(await joinCampaign(database.db, who, closed.id, NOW, ZONE).catch((e) => e))).toBe(
      'PROMOTION_NOT_OPEN',
    );
    const soon = await campaign({ startsAt: '2026-12-20T00:00:00Z' });
    expect(codeOf(await joinCampaign(database.db, who, soon.id, NOW, ZONE).catch((e) => e))).toBe(
      'PROMOTION_NOT_OPEN',
    );
    expect((await viewOf(who, soon.id)).status).toBe('coming soon');
    const draft = await campaign({}, 'draft');
    expect(codeOf(await joinCampaign(database.db, who, draft.id, NOW, ZONE).catch((e) => e))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await joinCampaign(database.db, who, 987_654, NOW, ZONE).catch((e) => e))).toBe(
      'NOT_FOUND',
    );
    const open = await campaign({
      eligibility: { ...terms().eligibility, kycApproved: true },
    });
    const trial = { ...who, trial: true };
    expect(codeOf(await joinCampaign(database.db, trial, open.id, NOW, ZONE).catch((e) => e))).toBe(
      'IN_NEED_TRUE_ACCOUNT',
    );
    const agent = { ...who, agent: true };
    const refusal = await joinCampaign(database.db, agent, open.id, NOW, ZONE).catch((e) => e);
    expect(codeOf(refusal)).toBe('PROMOTION_NOT_ELIGIBLE');
    expect((refusal as AppError).value).toEqual({ reason: 'agent' });
    const noKyc = { ...who, kycApproved: false };
    expect(codeOf(await joinCampaign(database.db, noKyc, open.id, NOW, ZONE).catch((e) => e))).toBe(
      'PROMOTION_NOT_ELIGIBLE',
    );
    await joinCampaign(database.db, who, open.id, NOW, ZONE);
    expect(codeOf(await joinCampaign(database.db, who, open.id, NOW, ZONE).catch((e) => e))).toBe(
      'PROMOTION_ACTION_NOT_ALLOWED',
    );
    // Nobody else's participation can be claimed, nor one not yet qualified.
    const joined = (await viewOf(who, open.id)).participationId!;
    const other = await member();
    expect(codeOf(await claimReward(database.db, other, joined, NOW).catch((e) => e))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await claimReward(database.db, who, joined, NOW).catch((e) => e))).toBe(
      'PROMOTION_ACTION_NOT_ALLOWED',
    );
    expect(await mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY)).toBe(0n);
  });

  it('pays a reload once per Manila day', async () => {
    const { id } = await campaign({
      kind: 'reload_deposit',
      period: { type: 'daily' },
      perMemberLimit: 5,
      reward: { type: 'fixed', amount: '10000' },
    });
    const who = await member();
    const day1 = new Date('2026-12-10T15:59:00Z'); // 23:59 in Manila
    const day2 = new Date('2026-12-10T16:01:00Z'); // 00:01 the next day
    await joinCampaign(database.db, who, id, day1, ZONE);
    const first = await qualify(id, who.id, 20_000n, day1);
    expect(await qualify(id, who.id, 20_000n, day1)).toBeNull();
    await claimReward(database.db, who, first!.id, day1);
    await joinCampaign(database.db, who, id, day2, ZONE);
    const second = await qualify(id, who.id, 20_000n, day2);
    expect(second!.periodKey).toBe('2026-12-11');
    await claimReward(database.db, who, second!.id, day2);
    expect(await mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY)).toBe(20_000n);
  });

  // Concurrency needs PostgreSQL: PGlite runs one query at a time.
  it.runIf(name === 'postgres')(
    'gives one grant for 50 concurrent claims of a once-only campaign',
    async () => {
      const { id } = await campaign({
        kind: 'registration',
        reward: { type: 'fixed', amount: '7700' },
      });
      const who = await member();
      const qualified = await qualify(id, who.id, 0n);
      const answers = await Promise.allSettled(
        Array.from({ length: 50 }, () => claimReward(database.db, who, qualified!.id, NOW)),
      );
      const won = answers.filter((answer) => answer.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const answer of answers) {
        if (answer.status === 'rejected')
          expect(codeOf(answer.reason)).toBe('PROMOTION_ALREADY_CLAIMED');
      }
      const grants = await database.db
        .select()
        .from(bonusGrants)
        .where(eq(bonusGrants.memberId, who.id));
      expect(grants).toHaveLength(1);
      expect(await mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY)).toBe(7_700n);
    },
  );

  it.runIf(name === 'postgres')(
    'gives exactly 20 grants to 200 concurrent claims against a budget of 20',
    async () => {
      const { id } = await campaign({
        kind: 'registration',
        reward: { type: 'fixed', amount: '1000' },
        budget: '20000',
      });
      const members = await Promise.all(Array.from({ length: 200 }, () => member()));
      const qualified: { id: number }[] = [];
      for (const who of members) qualified.push((await qualify(id, who.id, 0n))!);
      const answers = await Promise.allSettled(
        members.map((who, n) => claimReward(database.db, who, qualified[n]!.id, NOW)),
      );
      const won = answers.filter((answer) => answer.status === 'fulfilled').length;
      expect(won).toBe(20);
      for (const answer of answers) {
        if (answer.status === 'rejected')
          expect(codeOf(answer.reason)).toBe('PROMOTION_BUDGET_EXHAUSTED');
      }
      const [row] = await database.db
        .select()
        .from(promotionCampaigns)
        .where(eq(promotionCampaigns.id, id));
      expect(row).toMatchObject({ paid: 20_000n, receivers: 20 });
      let paid = 0n;
      for (const who of members)
        paid += await mainBalance(database.db, MERCHANT_ID, who.id, CURRENCY);
      expect(paid).toBe(20_000n);
      expect(isClean(await reconcileLedger(database.db))).toBe(true);
    },
  );
});
