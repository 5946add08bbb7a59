import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

// The referral calls of the member centre's referral page. Keys start with the account: what the
// server answers depends on who asks.

export const referralKeys = {
  all: (account: string) => ['referral', account] as const,
  info: (account: string) => ['referral', account, 'info'] as const,
  members: (account: string, page: number) => ['referral', account, 'members', page] as const,
};

export const REFERRAL_PAGE_SIZE = 10;

/** GET /wps/relay/referral: the caller's code and how many registered with it. */
export function referralInfoQueryOptions(account: string) {
  return queryOptions({
    queryKey: referralKeys.info(account),
    queryFn: ({ signal }) => apiGet('/wps/relay/referral', 'ReferralInfo', { signal }),
  });
}

/** GET /wps/relay/referral/members: the accounts registered with it, newest first, masked. */
export function referralMembersQueryOptions(account: string, page: number) {
  return queryOptions({
    queryKey: referralKeys.members(account, page),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/referral/members', 'ReferralMembersPage', {
        query: { pageNum: String(page), pageSize: String(REFERRAL_PAGE_SIZE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
