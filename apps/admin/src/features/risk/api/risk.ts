import {
  DeletedRestrictedPerson,
  RestrictedImportResult,
  RestrictedMatchPage,
  RestrictedPersonPage,
  RiskQueuePage,
  SelfExclusionPage,
  SharedAddressPage,
  SharedDevicePage,
  type RestrictedPersonQuery,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

/** Rows per page of the risk lists. */
export const RISK_PAGE_SIZE = 20;

const paged = (page: number) => ({ page, size: RISK_PAGE_SIZE });

export type PersonFilter = Omit<RestrictedPersonQuery, 'size'>;

export const riskKeys = {
  all: queryRoots.risk,
  persons: (filter: PersonFilter) => [...riskKeys.all, 'persons', filter] as const,
  list: (
    list: 'matches' | 'queue' | 'self-exclusions' | 'shared-addresses' | 'shared-devices',
    page: number,
  ) => [...riskKeys.all, list, page] as const,
};

export function getRestrictedPersonsQueryOptions(filter: PersonFilter) {
  return queryOptions({
    queryKey: riskKeys.persons(filter),
    queryFn: ({ signal }) =>
      adminGet('/risk/restricted-persons', RestrictedPersonPage, {
        query: { ...filter, size: RISK_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function getRestrictedMatchesQueryOptions(page: number) {
  return queryOptions({
    queryKey: riskKeys.list('matches', page),
    queryFn: ({ signal }) =>
      adminGet('/risk/restricted-matches', RestrictedMatchPage, { query: paged(page), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/risk/queue: the risk team's queue, newest first. */
export function getRiskQueueQueryOptions(page: number) {
  return queryOptions({
    queryKey: riskKeys.list('queue', page),
    queryFn: ({ signal }) => adminGet('/risk/queue', RiskQueuePage, { query: paged(page), signal }),
    placeholderData: keepPreviousData,
  });
}

export function getSelfExclusionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: riskKeys.list('self-exclusions', page),
    queryFn: ({ signal }) =>
      adminGet('/risk/self-exclusions', SelfExclusionPage, { query: paged(page), signal }),
    placeholderData: keepPreviousData,
  });
}

export function getSharedAddressesQueryOptions(page: number) {
  return queryOptions({
    queryKey: riskKeys.list('shared-addresses', page),
    queryFn: ({ signal }) =>
      adminGet('/risk/shared-addresses', SharedAddressPage, { query: paged(page), signal }),
    placeholderData: keepPreviousData,
  });
}

/** Device ids several members logged in from (the web app's Device-Id at login and register). */
export function getSharedDevicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: riskKeys.list('shared-devices', page),
    queryFn: ({ signal }) =>
      adminGet('/risk/shared-devices', SharedDevicePage, { query: paged(page), signal }),
    placeholderData: keepPreviousData,
  });
}

/** Imports the CSV file's text; one bad line imports nothing (RESTRICTED_IMPORT_INVALID). */
export function importRestrictedPersons(csv: string) {
  return refreshAfter(
    adminSend('POST', '/risk/restricted-persons/import', RestrictedImportResult, { csv }),
    [riskKeys.all, queryRoots.members, queryRoots.dashboard],
  );
}

/** Removes one list entry (audited with the entry). */
export function deleteRestrictedPerson(id: number) {
  return refreshAfter(
    adminSend('DELETE', `/risk/restricted-persons/${id}`, DeletedRestrictedPerson),
    [riskKeys.all, queryRoots.members, queryRoots.dashboard],
  );
}
