import type { ContractKind, ContractListQuery } from '@app/shared';

/**
 * Query keys of the contract screens; everything under `all` is reloaded after a change. No
 * imports but types: the live socket code uses them without loading the API client.
 */
export const contractKeys = {
  all: ['agentContracts'] as const,
  list: (query: Partial<ContractListQuery>) => ['agentContracts', 'list', query] as const,
  detail: (id: number) => ['agentContracts', 'detail', id] as const,
  consolidated: ['agentContracts', 'consolidated'] as const,
  tiers: ['agentContracts', 'tiers'] as const,
  settlements: (type: ContractKind, pageNum: number) =>
    ['agentContracts', 'settlements', type, pageNum] as const,
};
