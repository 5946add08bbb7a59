import {
  AdminAdjustment,
  AdminLedgerPage,
  AdminLoginPage,
  AdminMemberBalances,
  AdminMemberIpList,
  AdminMemberPage,
  AdminMemberProfile,
  AdminResetPasswordResult,
  type AdminMemberSearchQuery,
  type AdminMoveMemberRequest,
  type AdminSetMemberTypeRequest,
  type CreateAdjustmentRequest,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export const memberKeys = {
  all: queryRoots.members,
  search: (query: MemberSearch) => [...memberKeys.all, 'search', query] as const,
  member: (id: number) => [...memberKeys.all, id] as const,
  part: (id: number, part: string, page = 1) => [...memberKeys.member(id), part, page] as const,
};

export type MemberSearch = Omit<AdminMemberSearchQuery, 'size'>;

/** Rows per page of the member lists. */
export const MEMBER_PAGE_SIZE = 20;

/** GET /admin/api/members: every given filter must match. */
export function getMembersQueryOptions(search: MemberSearch) {
  return queryOptions({
    queryKey: memberKeys.search(search),
    queryFn: ({ signal }) =>
      adminGet('/members', AdminMemberPage, {
        query: { ...search, size: MEMBER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getMemberQueryOptions(id: number) {
  return queryOptions({
    queryKey: memberKeys.member(id),
    queryFn: ({ signal }) => adminGet(`/members/${id}`, AdminMemberProfile, { signal }),
  });
}

/** The member's balances, read from the ledger accounts. */
export function getBalancesQueryOptions(id: number) {
  return queryOptions({
    queryKey: memberKeys.part(id, 'balances'),
    queryFn: ({ signal }) => adminGet(`/members/${id}/balances`, AdminMemberBalances, { signal }),
  });
}

export function getLedgerQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: memberKeys.part(id, 'ledger', page),
    queryFn: ({ signal }) =>
      adminGet(`/members/${id}/ledger`, AdminLedgerPage, {
        query: { page, size: MEMBER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getLoginsQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: memberKeys.part(id, 'logins', page),
    queryFn: ({ signal }) =>
      adminGet(`/members/${id}/logins`, AdminLoginPage, {
        query: { page, size: MEMBER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getIpsQueryOptions(id: number) {
  return queryOptions({
    queryKey: memberKeys.part(id, 'ips'),
    queryFn: ({ signal }) => adminGet(`/members/${id}/ips`, AdminMemberIpList, { signal }),
  });
}

export function lockMember(id: number, locked: boolean, reason: string) {
  const action = locked ? 'lock' : 'unlock';
  return refreshAfter(
    adminSend('POST', `/members/${id}/${action}`, AdminMemberProfile, { reason }),
    [memberKeys.all, queryRoots.risk, queryRoots.dashboard],
  );
}

/** The temporary password is answered once; the member must change it at the next login. */
export function resetPassword(id: number, reason: string) {
  return refreshAfter(
    adminSend('POST', `/members/${id}/reset-password`, AdminResetPasswordResult, { reason }),
    [memberKeys.member(id)],
  );
}

export function setMemberType(id: number, request: AdminSetMemberTypeRequest) {
  return refreshAfter(adminSend('PUT', `/members/${id}/type`, AdminMemberProfile, request), [
    memberKeys.all,
  ]);
}

export function moveMember(id: number, request: AdminMoveMemberRequest) {
  return refreshAfter(adminSend('PUT', `/members/${id}/agent`, AdminMemberProfile, request), [
    memberKeys.all,
  ]);
}

/** Applied at once up to the merchant's threshold; above it, waits for a second operator. */
export function createAdjustment(id: number, request: CreateAdjustmentRequest) {
  return refreshAfter(adminSend('POST', `/members/${id}/adjustments`, AdminAdjustment, request), [
    memberKeys.member(id),
    queryRoots.adjustments,
    queryRoots.dashboard,
  ]);
}

/** The id of the agent account named exactly `username`, or null when there is none. */
export async function findAgentId(username: string): Promise<number | null> {
  const page = await adminGet('/members', AdminMemberPage, {
    query: { username, size: 100 },
  });
  const wanted = username.trim().toLowerCase();
  return page.items.find((member) => member.username.toLowerCase() === wanted)?.id ?? null;
}
