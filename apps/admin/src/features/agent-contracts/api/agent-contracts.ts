import {
  AdminContract,
  AdminContractPage,
  AdminContractSettings,
  type ContractKind,
  type ContractOfferRequest,
  type ContractStatus,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

export const CONTRACTS_PAGE_SIZE = 20;

export const contractKeys = {
  all: queryRoots.agentContracts,
  list: (filter: ContractFilter) => [...contractKeys.all, 'list', filter] as const,
  settings: () => [...contractKeys.all, 'settings'] as const,
};

export type ContractFilter = {
  page: number;
  username?: string | undefined;
  type?: ContractKind | undefined;
  status?: ContractStatus | undefined;
};

/** GET /admin/api/agents/contracts: every contract of the merchant, newest first. */
export function getContractsQueryOptions(filter: ContractFilter) {
  return queryOptions({
    queryKey: contractKeys.list(filter),
    queryFn: ({ signal }) =>
      adminGet('/agents/contracts', AdminContractPage, {
        query: { ...filter, size: CONTRACTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/agents/contract-settings: the tier tables and maximum rates. */
export function getContractSettingsQueryOptions() {
  return queryOptions({
    queryKey: contractKeys.settings(),
    queryFn: ({ signal }) =>
      adminGet('/agents/contract-settings', AdminContractSettings, { signal }),
  });
}

export function saveContractSettings(settings: AdminContractSettings) {
  return refreshAfter(
    adminSend('PUT', '/agents/contract-settings', AdminContractSettings, settings),
    [contractKeys.settings()],
  );
}

/** The operator's offer to a top-level agent, answered in the agent's centre. */
export function offerContract(offer: ContractOfferRequest) {
  return refreshAfter(adminSend('POST', '/agents/contracts', AdminContract, offer), [
    contractKeys.all,
  ]);
}

export type ContractAction =
  'end' | 'termination/accept' | 'termination/reject' | 'withdraw' | 'carry/reset';

/**
 * The operator's action on one contract (end, answer a termination request, withdraw an offer,
 * reset a dividend carry); `reason` is required by end and carry reset, a note otherwise.
 */
export function contractAction(id: number, action: ContractAction, reason: string) {
  return refreshAfter(
    adminSend('POST', `/agents/contracts/${id}/${action}`, AdminContract, reason ? { reason } : {}),
    [contractKeys.all, queryRoots.agentSettlements, queryRoots.members],
  );
}
