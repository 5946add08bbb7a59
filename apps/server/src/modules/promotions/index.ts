/**
 * Promotions (decision 025): campaigns per merchant, a member's participation in each, and the
 * grants they pay through the bonus module. So far its rules; tables, routes and pages follow.
 */
export {
  assertEligible,
  assertFits,
  assertOpen,
  campaignWindow,
  contributionOf,
  memberView,
  periodKey,
  rewardFor,
  transition,
  turnoverFor,
} from './rules.js';
export type { MemberFacts, ParticipationAction, ParticipationState } from './rules.js';
export {
  claimReward,
  createCampaign,
  joinCampaign,
  memberPromotions,
  qualifyIn,
  readTerms,
} from './promotions.service.js';
export type { Member, MemberPromotion, NewCampaign, QualifyEvent } from './promotions.service.js';
