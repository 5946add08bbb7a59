import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { unreadCountQueryOptions } from '@/lib/content-queries';
import type { MemberPage } from '../member-pages';

/** Pages whose menu entry carries a red badge while something waits there (SPEC section 2). */
export type BadgedMemberPage = Extract<
  MemberPage,
  'missionLeaderboard' | 'messageV2' | 'rewardCenter'
>;

export type MemberBadgeCounts = Partial<Record<BadgedMemberPage, number>>;

/**
 * Waiting mission updates, unread messages and claimable rewards. Unread messages come from the
 * unread count (kept current by the websocket); trial accounts load none (SPEC section 4). The
 * mission and reward counts come with those features; a page missing from the result has no
 * badge.
 */
export function useMemberBadgeCounts(): MemberBadgeCounts {
  const session = useSession();
  const unread = useQuery({
    ...unreadCountQueryOptions(session?.account ?? ''),
    enabled: session !== null && !session.isTrial,
  });
  return unread.data ? { messageV2: unread.data.unreadMessage } : {};
}
