import type { Language } from '@app/shared';
import {
  CampaignTerms,
  type CampaignState,
  type PromotionAction,
  type PromotionStatus,
} from '@app/shared/promotions';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { grantBonusIn } from '../bonus/index.js';
import * as repo from './promotions.repository.js';
import {
  assertEligible,
  assertFits,
  assertOpen,
  campaignWindow,
  ineligibility,
  memberView,
  periodKey,
  rewardFor,
  transition,
  turnoverFor,
  type MemberFacts,
  type ParticipationState,
} from './rules.js';

/**
 * Promotions (decision 025): campaigns, a member's participation in each, and the grant a claim
 * pays through the bonus module. Every action runs in one transaction that locks what it counts:
 * the participation, then the campaign (its budget and receivers), so concurrent claims are
 * decided one by one.
 */

/** The terms as stored: amounts as decimal strings, dates as ISO strings (what the editor sends). */
function storedTerms(terms: CampaignTerms): unknown {
  return JSON.parse(
    JSON.stringify(terms, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    ),
  );
}

export function readTerms(stored: unknown): CampaignTerms {
  return CampaignTerms.parse(stored);
}

export type NewCampaign = {
  merchantId: number;
  currency: string;
  state: CampaignState;
  /** The editor's form: checked against `CampaignTerms`. */
  terms: unknown;
};

/** Creates a campaign; VALIDATION_ERROR (with the issues) when its terms do not hold. */
export async function createCampaign(db: Db, input: NewCampaign): Promise<repo.CampaignRow> {
  const parsed = CampaignTerms.safeParse(input.terms);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', {
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      })),
    });
  }
  const terms = parsed.data;
  return repo.insertCampaign(db, {
    merchantId: input.merchantId,
    state: input.state,
    kind: terms.kind,
    currency: input.currency,
    terms: storedTerms(terms),
    startsAt: terms.startsAt,
    endsAt: terms.endsAt,
  });
}

export type Member = MemberFacts & { id: number; merchantId: number };

export type MemberPromotion = {
  campaignId: number;
  kind: CampaignTerms['kind'];
  status: PromotionStatus;
  action: PromotionAction;
  /** The participation the action applies to (a claim), null before one exists. */
  participationId: number | null;
  title: string;
  summary: string;
  image: string;
  startsAt: Date;
  endsAt: Date;
  /** The reward waiting to be claimed, or paid; null before it is known. */
  reward: bigint | null;
};

/** The participation a member acts on: one to claim (any period) first, else this period's. */
function currentParticipation(
  rows: repo.ParticipationRow[],
  period: string,
): repo.ParticipationRow | null {
  const claimable = rows
    .filter((row) => row.state === 'qualified' || row.state === 'issued')
    .sort((a, b) => a.id - b.id);
  return claimable[0] ?? rows.find((row) => row.periodKey === period) ?? null;
}

/** Every campaign a member may see, with their status and the action it allows now. */
export async function memberPromotions(
  db: Db,
  member: Member,
  language: Language,
  now: Date,
  zone: string,
): Promise<MemberPromotion[]> {
  const campaigns = await repo.visibleCampaigns(db, member.merchantId);
  const participations = await repo.participationsOf(
    db,
    member.id,
    campaigns.map((campaign) => campaign.id),
  );
  return campaigns.map((campaign) => {
    const terms = readTerms(campaign.terms);
    const mine = participations.filter((row) => row.campaignId === campaign.id);
    const current = currentParticipation(mine, periodKey(terms.period, now, zone));
    const window = campaignWindow(campaign.state as CampaignState, terms, now);
    const eligible = ineligibility(terms.eligibility, member, now) === null;
    const view = memberView(
      terms.kind,
      window,
      eligible,
      (current?.state as ParticipationState | undefined) ?? null,
    );
    const texts = terms.texts[language];
    return {
      campaignId: campaign.id,
      kind: terms.kind,
      ...view,
      participationId: current?.id ?? null,
      title: texts.title,
      summary: texts.summary,
      image: terms.image,
      startsAt: terms.startsAt,
      endsAt: terms.endsAt,
      reward: current?.reward ?? null,
    };
  });
}

async function openCampaign(tx: Db, merchantId: number, campaignId: number, now: Date) {
  const campaign = await repo.findCampaign(tx, merchantId, campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  const terms = readTerms(campaign.terms);
  assertOpen(campaignWindow(campaign.state as CampaignState, terms, now));
  return { campaign, terms };
}

/**
 * The member opts into a campaign for its current period (first deposit and reload kinds): the
 * deposit that follows qualifies. Refused when closed, when the member is not eligible, and when
 * the member already joined this period.
 */
export function joinCampaign(
  db: Db,
  member: Member,
  campaignId: number,
  now: Date,
  zone: string,
): Promise<repo.ParticipationRow> {
  return inTransaction(db, async (tx) => {
    const { campaign, terms } = await openCampaign(tx, member.merchantId, campaignId, now);
    assertEligible(terms.eligibility, member, now);
    const period = periodKey(terms.period, now, zone);
    const existing = await repo.lockPeriodParticipation(tx, campaign.id, member.id, period);
    const state = transition(
      terms.kind,
      (existing?.state as ParticipationState | undefined) ?? null,
      'join',
    );
    const row = await repo.insertParticipation(tx, {
      merchantId: member.merchantId,
      campaignId: campaign.id,
      memberId: member.id,
      periodKey: period,
      state,
      terms: campaign.terms,
    });
    // Another request of the member joined between the read and the insert.
    if (!row)
      throw new AppError('PROMOTION_ACTION_NOT_ALLOWED', { state: 'joined', action: 'join' });
    return row;
  });
}

export type QualifyEvent = {
  merchantId: number;
  memberId: number;
  campaignId: number;
  /** The amount that qualifies: the deposit, the period's net loss; 0 for a registration. */
  qualifying: bigint;
  at: Date;
  zone: string;
};

/**
 * A qualifying event inside the event's own transaction (a deposit credited, a registration, a
 * period's cashback): the participation of the event's period becomes claimable with its reward.
 * Kinds joined first need the member's join before the event; an event below the minimum, or one
 * for a participation already qualified, changes nothing. Answers the participation qualified.
 */
export async function qualifyIn(
  tx: Db,
  event: QualifyEvent,
): Promise<repo.ParticipationRow | null> {
  const campaign = await repo.findCampaign(tx, event.merchantId, event.campaignId);
  if (!campaign) return null;
  const terms = readTerms(campaign.terms);
  if (campaignWindow(campaign.state as CampaignState, terms, event.at) !== 'open') return null;
  const reward =
    terms.kind === 'registration' && terms.reward.type === 'fixed'
      ? terms.reward.amount
      : rewardFor(terms.reward, terms.minQualifying, event.qualifying);
  if (reward <= 0n) return null;
  const period = periodKey(terms.period, event.at, event.zone);
  let row = await repo.lockPeriodParticipation(tx, campaign.id, event.memberId, period);
  const from = (row?.state as ParticipationState | undefined) ?? null;
  let state: ParticipationState;
  try {
    state = transition(terms.kind, from, 'qualify');
  } catch {
    // Not joined, or already qualified: the event does not count for this campaign.
    return null;
  }
  if (!row) {
    row = await repo.insertParticipation(tx, {
      merchantId: event.merchantId,
      campaignId: campaign.id,
      memberId: event.memberId,
      periodKey: period,
      state,
      terms: campaign.terms,
      qualifying: event.qualifying,
      reward,
    });
    return row;
  }
  return repo.updateParticipation(tx, row.id, {
    state,
    qualifying: event.qualifying,
    reward,
    terms: campaign.terms,
  });
}

/**
 * Claims a participation's reward: a bonus through the ledger with the turnover its terms ask,
 * paid once. The participation is locked, then the campaign: a second claim waits and is told
 * PROMOTION_ALREADY_CLAIMED; a claim past the budget or the receivers is
 * PROMOTION_BUDGET_EXHAUSTED and moves nothing. A reward already earned may be claimed after the
 * campaign has ended (until it is closed by the operator).
 */
export function claimReward(
  db: Db,
  member: Member,
  participationId: number,
  now: Date,
): Promise<{ participation: repo.ParticipationRow; grantId: number }> {
  return inTransaction(db, async (tx) => {
    const row = await repo.lockOwnParticipation(tx, member.merchantId, member.id, participationId);
    if (!row) throw new AppError('NOT_FOUND');
    const campaign = await repo.lockCampaign(tx, member.merchantId, row.campaignId);
    if (!campaign) throw new AppError('NOT_FOUND');
    // The terms the member qualified under, not the campaign's of today.
    const terms = readTerms(row.terms);
    const state = transition(terms.kind, row.state as ParticipationState, 'claim');
    if (campaign.state === 'closed') throw new AppError('PROMOTION_NOT_OPEN', { window: 'closed' });
    assertEligible(terms.eligibility, member, now);
    const received = await repo.grantsReceived(tx, campaign.id, member.id);
    if (received >= terms.perMemberLimit) throw new AppError('PROMOTION_ALREADY_CLAIMED');
    const reward = row.reward ?? 0n;
    if (reward <= 0n)
      throw new AppError('PROMOTION_ACTION_NOT_ALLOWED', { state: row.state, action: 'claim' });
    assertFits(
      { budget: terms.budget, maxReceivers: terms.maxReceivers },
      { paid: campaign.paid, receivers: campaign.receivers },
      reward,
    );
    const { grant } = await grantBonusIn(tx, {
      merchantId: member.merchantId,
      memberId: member.id,
      currency: campaign.currency,
      kind: 'promotion',
      title: { EN: terms.texts.EN.title, TL: terms.texts.TL.title },
      amount: reward,
      turnoverRequired: turnoverFor(reward, terms.wagering.multipleHundredths),
      idempotencyKey: `promotion:${row.id}`,
    });
    await repo.addSpent(tx, campaign.id, reward);
    const done = grant.status === 'completed';
    const participation = await repo.updateParticipation(tx, row.id, {
      state: done ? transition(terms.kind, state, 'complete') : state,
      grantId: grant.id,
    });
    return { participation, grantId: grant.id };
  });
}
