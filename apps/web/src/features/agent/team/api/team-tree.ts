import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teamKeys } from './team';

/** Accounts one expanded node loads at a time; "show more" loads the next page. */
export const TREE_PAGE_SIZE = 20;

/**
 * GET /wps/agent/team/tree: the direct downline of a node of the caller's tree (the caller when
 * `parentId` is null), page by page as the agent asks for more.
 */
export function getTeamTreeQueryOptions(parentId: number | null) {
  return infiniteQueryOptions({
    queryKey: teamKeys.tree(parentId),
    queryFn: ({ pageParam, signal }) => {
      const query: Record<string, string> = {
        pageNum: String(pageParam),
        pageSize: String(TREE_PAGE_SIZE),
      };
      if (parentId !== null) query.parentId = String(parentId);
      return apiGet('/wps/agent/team/tree', 'TeamTreePage', { query, signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
  });
}

/** GET /wps/agent/team/tree/search: an account of the caller's downline and the path to it. */
export function searchTeamTree(account: string) {
  return apiGet('/wps/agent/team/tree/search', 'TeamTreeSearchResult', { query: { account } });
}
