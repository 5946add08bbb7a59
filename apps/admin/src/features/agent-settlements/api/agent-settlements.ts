import {
  AdminSettlementFailurePage,
  AdminSettlementPage,
  AdminSettlementRetryResult,
  type ContractKind,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

/** Rows per page of both lists. */
export const SETTLEMENTS_PAGE_SIZE = 20;

export const settlementKeys = {
  all: queryRoots.agentSettlements,
  failures: (page: number) => [...settlementKeys.all, 'failures', page] as const,
  settled: (filter: SettlementFilter) => [...settlementKeys.all, 'settled', filter] as const,
};

/** GET /admin/api/agents/settlement-failures: the open alerts, oldest period first. */
export function getOpenFailuresQueryOptions(page: number) {
  return queryOptions({
    queryKey: settlementKeys.failures(page),
    queryFn: ({ signal }) =>
      adminGet('/agents/settlement-failures', AdminSettlementFailurePage, {
        query: { status: 'open', page, size: SETTLEMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Settles now the held-back periods of an alert, in order (owner; audited, pays once). */
export function retryFailure(id: number) {
  return refreshAfter(
    adminSend('POST', `/agents/settlement-failures/${id}/retry`, AdminSettlementRetryResult),
    [settlementKeys.all, queryRoots.agentContracts, queryRoots.members, queryRoots.dashboard],
  );
}

export type SettlementFilter = {
  page: number;
  type?: ContractKind | undefined;
  username?: string | undefined;
  /** Local days of the period keys (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
};

/** GET /admin/api/agents/settlements: settled periods, newest first. */
export function getSettlementsQueryOptions(filter: SettlementFilter) {
  return queryOptions({
    queryKey: settlementKeys.settled(filter),
    queryFn: ({ signal }) =>
      adminGet('/agents/settlements', AdminSettlementPage, {
        query: { ...filter, size: SETTLEMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
