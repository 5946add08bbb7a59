import { z } from 'zod';

/**
 * A promotion campaign's terms (decision 025): one schema for the operator's editor and the
 * server. Amounts are minor units as decimal strings on the wire, like every amount of the API.
 */

export const CAMPAIGN_KINDS = [
  'first_deposit',
  'reload_deposit',
  'loss_cashback',
  'registration',
  'activity',
] as const;
export const CampaignKind = z.enum(CAMPAIGN_KINDS);
export type CampaignKind = z.infer<typeof CampaignKind>;

/** The operator's state of a campaign; the member's view also depends on its schedule. */
export const CAMPAIGN_STATES = ['draft', 'live', 'paused', 'closed'] as const;
export const CampaignState = z.enum(CAMPAIGN_STATES);
export type CampaignState = z.infer<typeof CampaignState>;

/** SPEC section 4: the promotion statuses a member sees. */
export const PROMOTION_STATUSES = [
  'join',
  'claim',
  'applying',
  'closed',
  'rejected',
  'issued',
  'claimed',
  'process',
  'joined',
  'coming soon',
] as const;
export const PromotionStatus = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof PromotionStatus>;

/** What the member can do with a campaign now. */
export const PROMOTION_ACTIONS = ['join', 'apply', 'claim', 'view'] as const;
export type PromotionAction = (typeof PROMOTION_ACTIONS)[number];

/** Minor units, whole and not negative, as a decimal string. */
const MinorUnits = z
  .string()
  .regex(/^\d{1,15}$/, 'amount_invalid')
  .transform((value) => BigInt(value));

const Text = (max: number) => z.string().trim().min(1).max(max);
export const CampaignTexts = z.object({
  title: Text(80),
  summary: Text(200),
  terms: Text(4000),
});
export type CampaignTexts = z.infer<typeof CampaignTexts>;

export const CampaignReward = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), amount: MinorUnits }),
  z.object({
    type: z.literal('percent'),
    /** Of the qualifying amount, in basis points (10000 = 100 %). */
    basisPoints: z.number().int().min(1).max(100_000),
    /** The most one grant pays. */
    cap: MinorUnits,
  }),
]);
export type CampaignReward = z.infer<typeof CampaignReward>;

export const CampaignPeriod = z.discriminatedUnion('type', [
  z.object({ type: z.literal('once') }),
  z.object({ type: z.literal('daily') }),
  z.object({ type: z.literal('weekly') }),
  /** The member's nth deposit (reload campaigns: 2 for the second deposit). */
  z.object({ type: z.literal('nth'), n: z.number().int().min(2).max(100) }),
]);
export type CampaignPeriod = z.infer<typeof CampaignPeriod>;

export const CampaignEligibility = z.object({
  kycApproved: z.boolean(),
  phoneVerified: z.boolean(),
  minAccountAgeDays: z.number().int().min(0).max(3650),
  /** VIP level 0 to 20; 0 until the VIP club exists. */
  minVipLevel: z.number().int().min(0).max(20),
  /** ISO country codes; empty: every region the merchant serves. */
  regions: z.array(z.string().regex(/^[A-Z]{2}$/)).max(50),
  agents: z.boolean(),
});
export type CampaignEligibility = z.infer<typeof CampaignEligibility>;

export const CampaignWagering = z.object({
  /** Valid bets asked, as a multiple of the reward in hundredths (150 = 1.5x). */
  multipleHundredths: z.number().int().min(0).max(10_000),
  /** Percent each game category counts; a category not listed counts 0 %. */
  contributions: z.record(z.string().min(1).max(32), z.number().int().min(0).max(100)),
  /** The largest bet while the grant is active; null: no limit. */
  maxBet: MinorUnits.nullable(),
  /** The most the grant may win before its turnover is done; null: no cap. */
  winCap: MinorUnits.nullable(),
  expiryDays: z.number().int().min(1).max(365),
});
export type CampaignWagering = z.infer<typeof CampaignWagering>;

/** The periods each kind can have. */
export const PERIODS_OF_KIND: Record<CampaignKind, readonly CampaignPeriod['type'][]> = {
  first_deposit: ['once'],
  registration: ['once'],
  reload_deposit: ['daily', 'weekly', 'nth'],
  loss_cashback: ['daily', 'weekly'],
  activity: ['once', 'daily', 'weekly'],
};

const CampaignTermsShape = z.object({
  kind: CampaignKind,
  period: CampaignPeriod,
  startsAt: z.coerce.date(),
  endsAt: z.coerce.date(),
  eligibility: CampaignEligibility,
  reward: CampaignReward,
  /** The smallest qualifying amount (a deposit, a period's net loss). */
  minQualifying: MinorUnits,
  wagering: CampaignWagering,
  /** Total reward money the campaign may pay; null: no budget. */
  budget: MinorUnits.nullable(),
  /** How many members may receive it; null: no limit. */
  maxReceivers: z.number().int().min(1).max(10_000_000).nullable(),
  /** Grants per member in all (per period for the periodic kinds). */
  perMemberLimit: z.number().int().min(1).max(1000),
  texts: z.object({ EN: CampaignTexts, TL: CampaignTexts }),
  image: z.string().max(500),
});

export const CampaignTerms = CampaignTermsShape.superRefine((terms, ctx) => {
  if (terms.endsAt.getTime() <= terms.startsAt.getTime()) {
    ctx.addIssue({ code: 'custom', message: 'date_range_reversed', path: ['endsAt'] });
  }
  if (!PERIODS_OF_KIND[terms.kind].includes(terms.period.type)) {
    ctx.addIssue({ code: 'custom', message: 'period_not_for_kind', path: ['period'] });
  }
});
export type CampaignTerms = z.infer<typeof CampaignTerms>;
