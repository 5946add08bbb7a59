import type {
  AffiliateLink,
  CreateDownlineRequest,
  DownlineListQuery,
  DownlineView,
} from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** The filters of the downline list as the page keeps them (empty: no filter). */
export type DownlineFilters = {
  depth: DownlineListQuery['depth'];
  account: string;
  status: '' | NonNullable<DownlineListQuery['status']>;
  type: '' | NonNullable<DownlineListQuery['type']>;
  pageNum: number;
};

export const teamKeys = {
  all: ['agentTeam'] as const,
  downlines: (filters: DownlineFilters) => ['agentTeam', 'downlines', filters] as const,
  links: ['agentTeam', 'links'] as const,
  /** One level of the hierarchy: the direct downline of `parentId` (the caller when null). */
  tree: (parentId: number | null) => ['agentTeam', 'tree', parentId] as const,
};

/** GET /wps/agent/downlines: the caller's downline, direct or every level, filtered. */
export function getDownlinesQueryOptions(filters: DownlineFilters) {
  const query: Record<string, string> = {
    depth: filters.depth,
    pageNum: String(filters.pageNum),
    pageSize: '20',
  };
  if (filters.account.trim()) query.account = filters.account.trim();
  if (filters.status) query.status = filters.status;
  if (filters.type) query.type = filters.type;
  return queryOptions({
    queryKey: teamKeys.downlines(filters),
    queryFn: ({ signal }) => apiGet('/wps/agent/downlines', 'DownlinePage', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /wps/agent/downlines: a new member or sub-agent directly under the caller. */
export async function createDownline(request: CreateDownlineRequest): Promise<DownlineView> {
  const created = await apiSend('POST', '/wps/agent/downlines', 'DownlineView', { body: request });
  await queryClient.invalidateQueries({ queryKey: teamKeys.all });
  return created;
}

/** Creates a downline account; the team's queries are refreshed before it settles. */
export function useCreateDownline() {
  return useMutation({ mutationFn: createDownline });
}

/** GET /wps/agent/affiliate-links: the caller's affiliate codes. */
export function getAffiliateLinksQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.links,
    queryFn: ({ signal }) => apiGet('/wps/agent/affiliate-links', 'AffiliateLinkList', { signal }),
  });
}

/** POST /wps/agent/affiliate-links: a new affiliate code. */
export async function createAffiliateLink(): Promise<AffiliateLink> {
  const link = await apiSend('POST', '/wps/agent/affiliate-links', 'AffiliateLink', { body: {} });
  await queryClient.invalidateQueries({ queryKey: teamKeys.links });
  return link;
}

/** DELETE /wps/agent/affiliate-links/{code}. */
export async function deleteAffiliateLink(code: string): Promise<void> {
  await apiSend(
    'DELETE',
    `/wps/agent/affiliate-links/${encodeURIComponent(code)}`,
    'AffiliateLinkDeleted',
  );
  await queryClient.invalidateQueries({ queryKey: teamKeys.links });
}

/** The registration link of an affiliate code on this site (the register route reads it). */
export function affiliateUrl(code: string, origin: string): string {
  return `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;
}
