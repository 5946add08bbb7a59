import { dayKey, wallClock } from '@app/shared';
import type {
  CampaignKind,
  CampaignPeriod,
  CampaignReward,
  CampaignState,
  CampaignTerms,
  PromotionAction,
  PromotionStatus,
} from '@app/shared/promotions';
import { AppError } from '../../lib/app-error.js';

/**
 * The rules of promotions (decision 025), without state: a member's participation and what each
 * action does to it, the status and action a member sees, eligibility, the reward, the period a
 * claim belongs to and the wagering contribution of a bet. The service applies them inside one
 * transaction per action; nothing here reads the database.
 */

/** Where a member's participation in a campaign stands (one row per campaign, member, period). */
export const PARTICIPATION_STATES = [
  'joined',
  'qualified',
  'applying',
  'rejected',
  'issued',
  'process',
  'claimed',
  'forfeited',
] as const;
export type ParticipationState = (typeof PARTICIPATION_STATES)[number];

export const PARTICIPATION_ACTIONS = [
  'join',
  'qualify',
  'apply',
  'approve',
  'reject',
  'claim',
  'complete',
  'forfeit',
] as const;
export type ParticipationAction = (typeof PARTICIPATION_ACTIONS)[number];

/** Kinds a member opts into before the event that qualifies (a deposit made after joining). */
const JOIN_FIRST: ReadonlySet<CampaignKind> = new Set(['first_deposit', 'reload_deposit']);

/** `null`: no participation yet in this period. */
type From = ParticipationState | null;

function allowedFrom(kind: CampaignKind, action: ParticipationAction): readonly From[] {
  const applies = kind === 'activity';
  switch (action) {
    case 'join':
      return JOIN_FIRST.has(kind) ? [null] : [];
    case 'qualify':
      if (applies) return [];
      return JOIN_FIRST.has(kind) ? ['joined'] : [null];
    case 'apply':
      return applies ? [null, 'rejected'] : [];
    case 'approve':
    case 'reject':
      return applies ? ['applying'] : [];
    case 'claim':
      return applies ? ['issued'] : ['qualified'];
    case 'complete':
    case 'forfeit':
      return ['process'];
  }
}

const TARGET: Record<ParticipationAction, ParticipationState> = {
  join: 'joined',
  qualify: 'qualified',
  apply: 'applying',
  approve: 'issued',
  reject: 'rejected',
  claim: 'process',
  complete: 'claimed',
  forfeit: 'forfeited',
};

/**
 * The participation after `action`, or PROMOTION_ACTION_NOT_ALLOWED (with the state and action)
 * when the campaign's kind does not allow it from `from`. A claim already made answers
 * PROMOTION_ALREADY_CLAIMED, so a second tap or a replayed request says what happened.
 */
export function transition(
  kind: CampaignKind,
  from: From,
  action: ParticipationAction,
): ParticipationState {
  if (allowedFrom(kind, action).includes(from)) return TARGET[action];
  if (
    (action === 'claim' || action === 'join' || action === 'apply') &&
    (from === 'process' || from === 'claimed' || from === 'forfeited')
  ) {
    throw new AppError('PROMOTION_ALREADY_CLAIMED');
  }
  throw new AppError('PROMOTION_ACTION_NOT_ALLOWED', { state: from ?? 'none', action });
}

/** Whether members can act on a campaign at `now`: before, open or after (and why). */
export type CampaignWindow = 'hidden' | 'coming soon' | 'open' | 'closed';

export function campaignWindow(
  state: CampaignState,
  terms: Pick<CampaignTerms, 'startsAt' | 'endsAt'>,
  now: Date,
): CampaignWindow {
  if (state === 'draft') return 'hidden';
  if (state === 'closed' || state === 'paused') return 'closed';
  if (now.getTime() < terms.startsAt.getTime()) return 'coming soon';
  if (now.getTime() >= terms.endsAt.getTime()) return 'closed';
  return 'open';
}

/** PROMOTION_NOT_OPEN unless members can act on the campaign now (a draft: NOT_FOUND). */
export function assertOpen(window: CampaignWindow): void {
  if (window === 'hidden') throw new AppError('NOT_FOUND');
  if (window !== 'open') throw new AppError('PROMOTION_NOT_OPEN', { window });
}

/**
 * The status and action a member sees for a campaign (SPEC section 4), from its window, the
 * member's eligibility and the participation of the current period. An activity's action on an
 * open campaign is `apply`, under the `join` label (the SPEC lists no separate one).
 */
export function memberView(
  kind: CampaignKind,
  window: CampaignWindow,
  eligible: boolean,
  participation: From,
): { status: PromotionStatus; action: PromotionAction } {
  const view = (status: PromotionStatus, action: PromotionAction = 'view') => ({ status, action });
  switch (participation) {
    case 'joined':
      return view(window === 'open' ? 'joined' : 'closed');
    case 'qualified':
      return view('claim', 'claim');
    case 'applying':
      return view('applying');
    case 'rejected':
      return window === 'open' && eligible ? view('rejected', 'apply') : view('rejected');
    case 'issued':
      return view('issued', 'claim');
    case 'process':
      return view('process');
    case 'claimed':
      return view('claimed');
    case 'forfeited':
      return view('closed');
    case null:
      break;
  }
  if (window === 'coming soon') return view('coming soon');
  if (window !== 'open' || !eligible) return view('closed');
  if (kind === 'activity') return view('join', 'apply');
  // Registration and cashback are qualified by their event, not by the member.
  return JOIN_FIRST.has(kind) ? view('join', 'join') : view('closed');
}

/** What eligibility looks at, read by the service for the member. */
export type MemberFacts = {
  trial: boolean;
  agent: boolean;
  kycApproved: boolean;
  phoneVerified: boolean;
  registeredAt: Date;
  vipLevel: number;
  /** ISO country of the request, null when unknown. */
  region: string | null;
};

export const INELIGIBLE_REASONS = [
  'trial',
  'agent',
  'kyc',
  'phone',
  'account_age',
  'vip_level',
  'region',
] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];

/** The first rule the member fails, or null when eligible. */
export function ineligibility(
  rules: CampaignTerms['eligibility'],
  member: MemberFacts,
  now: Date,
): IneligibleReason | null {
  if (member.trial) return 'trial';
  if (member.agent && !rules.agents) return 'agent';
  if (rules.kycApproved && !member.kycApproved) return 'kyc';
  if (rules.phoneVerified && !member.phoneVerified) return 'phone';
  const ageDays = Math.floor((now.getTime() - member.registeredAt.getTime()) / 86_400_000);
  if (ageDays < rules.minAccountAgeDays) return 'account_age';
  if (member.vipLevel < rules.minVipLevel) return 'vip_level';
  if (rules.regions.length > 0 && (!member.region || !rules.regions.includes(member.region))) {
    return 'region';
  }
  return null;
}

/** Throws the error a refused member gets (a trial account: IN_NEED_TRUE_ACCOUNT). */
export function assertEligible(
  rules: CampaignTerms['eligibility'],
  member: MemberFacts,
  now: Date,
): void {
  const reason = ineligibility(rules, member, now);
  if (reason === 'trial') throw new AppError('IN_NEED_TRUE_ACCOUNT');
  if (reason) throw new AppError('PROMOTION_NOT_ELIGIBLE', { reason });
}

/**
 * The reward for a qualifying amount (a deposit, a period's net loss): fixed, or the percentage
 * capped, rounded down to the centavo; 0 below the minimum.
 */
export function rewardFor(
  reward: CampaignReward,
  minQualifying: bigint,
  qualifying: bigint,
): bigint {
  if (qualifying < minQualifying || qualifying <= 0n) return 0n;
  if (reward.type === 'fixed') return reward.amount;
  const amount = (qualifying * BigInt(reward.basisPoints)) / 10_000n;
  return amount < reward.cap ? amount : reward.cap;
}

/** Valid bets the grant asks: the reward times the multiple, rounded up (never less owed). */
export function turnoverFor(reward: bigint, multipleHundredths: number): bigint {
  return (reward * BigInt(multipleHundredths) + 99n) / 100n;
}

/**
 * What a valid bet in `category` adds to a grant's wagering: the stake times the category's
 * percent, rounded down; a category not configured counts nothing.
 */
export function contributionOf(
  contributions: Readonly<Record<string, number>>,
  category: string,
  stake: bigint,
): bigint {
  const percent = Object.hasOwn(contributions, category) ? contributions[category]! : 0;
  if (stake <= 0n || percent <= 0) return 0n;
  return (stake * BigInt(percent)) / 100n;
}

/**
 * Whether one more grant of `amount` fits the campaign's budget and receivers, given what it has
 * paid; PROMOTION_BUDGET_EXHAUSTED otherwise. The service reads `paid` and `receivers` from the
 * campaign row locked in the claim's transaction, so concurrent claims are counted one by one.
 */
export function assertFits(
  limits: { budget: bigint | null; maxReceivers: number | null },
  spent: { paid: bigint; receivers: number },
  amount: bigint,
): void {
  if (limits.budget !== null && spent.paid + amount > limits.budget) {
    throw new AppError('PROMOTION_BUDGET_EXHAUSTED');
  }
  if (limits.maxReceivers !== null && spent.receivers + 1 > limits.maxReceivers) {
    throw new AppError('PROMOTION_BUDGET_EXHAUSTED');
  }
}

/**
 * The period a participation belongs to, in the merchant's zone (decision 024): `once`, the day
 * (`2026-11-28`), the week by its Monday (`w2026-11-23`), or the nth deposit (`n2`).
 */
export function periodKey(period: CampaignPeriod, at: Date, zone: string): string {
  switch (period.type) {
    case 'once':
      return 'once';
    case 'daily':
      return dayKey(at, zone);
    case 'weekly': {
      // On the zone's wall clock (read in UTC): back to its Monday, whatever the zone's shifts.
      const wall = wallClock(at, zone);
      const sinceMonday = (new Date(wall).getUTCDay() + 6) % 7;
      return `w${new Date(wall - sinceMonday * 86_400_000).toISOString().slice(0, 10)}`;
    }
    case 'nth':
      return `n${period.n}`;
  }
}
