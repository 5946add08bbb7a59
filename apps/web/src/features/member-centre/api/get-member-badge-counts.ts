import type { MemberPage } from '../member-pages';

/** Pages whose menu entry carries a red badge while something waits there (SPEC section 2). */
export type BadgedMemberPage = Extract<
  MemberPage,
  'missionLeaderboard' | 'messageV2' | 'rewardCenter'
>;

export type MemberBadgeCounts = Partial<Record<BadgedMemberPage, number>>;

/**
 * Waiting mission updates, unread messages and claimable rewards. The server reports none of
 * them yet (the unread-count, mission and reward endpoints come with those features), so no
 * count is known and the menu shows no badge; a page missing from the result has no badge.
 */
export function useMemberBadgeCounts(): MemberBadgeCounts {
  return {};
}
