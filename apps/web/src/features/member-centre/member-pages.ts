/** The member centre pages of SPEC section 2, in menu order; each is `/member/<page>`. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

/** Where `/member` lands. */
export const DEFAULT_MEMBER_PAGE: MemberPage = 'securityCenter';
