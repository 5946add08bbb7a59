import type {
  ContractAcceptResult,
  ContractKind,
  ContractListQuery,
  ContractOfferRequest,
  ContractView,
} from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiGet, apiSend } from '@/lib/api-client';
import { saveDownload } from '@/lib/download';
import { queryClient } from '@/lib/query-client';
import { contractKeys } from './contract-keys';

export { contractKeys };

/** GET /wps/relay/contracts: the caller's contracts of one side and type, newest first. */
export function getContractsQueryOptions(query: {
  side: ContractListQuery['side'];
  type: ContractKind;
  pageNum?: number;
  pageSize?: number;
}) {
  return queryOptions({
    queryKey: contractKeys.list(query),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/contracts', 'ContractPage', {
        query: {
          side: query.side,
          type: query.type,
          pageNum: String(query.pageNum ?? 1),
          pageSize: String(query.pageSize ?? 20),
        },
        signal,
      }),
  });
}

/** GET /wps/relay/contracts/{id}. */
export function getContractQueryOptions(id: number) {
  return queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: ({ signal }) => apiGet(`/wps/relay/contracts/${id}`, 'ContractView', { signal }),
  });
}

/** GET /wps/relay/contracts/consolidated: per type, the contract in force and what waits. */
export function getConsolidatedContractsQueryOptions() {
  return queryOptions({
    queryKey: contractKeys.consolidated,
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/contracts/consolidated', 'ConsolidatedContractInfo', { signal }),
  });
}

/** GET /wps/relay/contracts/tiers: the merchant's tiers and maximum rates (offer form). */
export function getContractTiersQueryOptions() {
  return queryOptions({
    queryKey: contractKeys.tiers,
    queryFn: ({ signal }) => apiGet('/wps/relay/contracts/tiers', 'ContractTierTables', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Every contract query is stale after a change on either side. */
export function refreshContracts(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: contractKeys.all });
}

async function post<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    await refreshContracts();
  }
}

/** POST /wps/relay/contracts: offers a contract to a direct downline agent. */
export function offerContract(request: ContractOfferRequest): Promise<ContractView> {
  return post(() => apiSend('POST', '/wps/relay/contracts', 'ContractView', { body: request }));
}

/** Offers a contract; every contract query is refreshed after the answer, either way. */
export function useOfferContract() {
  return useMutation({ mutationFn: offerContract });
}

/** POST /wps/relay/contracts/{id}/accept (`confirmEnds` after a CONTRACT_CONFLICT answer). */
export function acceptContract(id: number, confirmEnds: boolean): Promise<ContractAcceptResult> {
  return post(() =>
    apiSend('POST', `/wps/relay/contracts/${id}/accept`, 'ContractAcceptResult', {
      body: { confirmEnds },
    }),
  );
}

export type ContractDecision =
  'reject' | 'termination' | 'termination/accept' | 'termination/reject' | 'withdraw';

/**
 * POST /wps/relay/contracts/{id}/reject, /termination, /termination/accept or /reject, or
 * /withdraw (the upline takes back its own open offer).
 */
export function decideContract(id: number, decision: ContractDecision): Promise<ContractView> {
  return post(() =>
    apiSend('POST', `/wps/relay/contracts/${id}/${decision}`, 'ContractView', { body: {} }),
  );
}

/** GET /wps/relay/contracts/settlements: the caller's settled periods of one type. */
export function getContractSettlementsQueryOptions(type: ContractKind, pageNum: number) {
  return queryOptions({
    queryKey: contractKeys.settlements(type, pageNum),
    queryFn: ({ signal }) =>
      apiGet('/wps/relay/contracts/settlements', 'ContractSettlementPage', {
        query: { type, pageNum: String(pageNum), pageSize: '10' },
        signal,
      }),
  });
}

/** GET /wps/relay/contracts/settlements/export: every settled period of one type, as a CSV file. */
export function downloadSettlementsCsv(type: ContractKind) {
  return saveDownload('/wps/relay/contracts/settlements/export', {
    query: { type },
    fallbackName: `agent-${type}-settlements.csv`,
  });
}
