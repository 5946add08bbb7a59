import {
  AdminDomain,
  AdminRegionRule,
  AdminRegionRulePage,
  AdminResourceList,
  AdminSystemSettings,
  type CreateRegionRuleRequest,
  type DomainRequest,
  type RegisterField,
  type UpdateCurrencyRequest,
  type UpdateMaintenanceRequest,
  type UpdateTimeZoneRequest,
  type UpdateRegisterFieldRequest,
  type UpdateResourceRequest,
  type WhitelabelSwitch,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminSend } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-client';
import { queryRoots } from '@/lib/query-keys';

/** Rows per page of the region rules. */
export const RULES_PAGE_SIZE = 20;

export const systemKeys = {
  all: queryRoots.system,
  settings: () => [...systemKeys.all, 'settings'] as const,
  regionRules: (page?: number) =>
    [...systemKeys.all, 'region-rules', ...(page ? [page] : [])] as const,
};

export function getSystemSettingsQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.settings(),
    queryFn: ({ signal }) => adminGet('/system/settings', AdminSystemSettings, { signal }),
  });
}

export function getRegionRulesQueryOptions(page: number) {
  return queryOptions({
    queryKey: systemKeys.regionRules(page),
    queryFn: ({ signal }) =>
      adminGet('/system/region-rules', AdminRegionRulePage, {
        query: { page, size: RULES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const put = <T>(path: string, schema: { parse: (v: unknown) => T }, body: unknown) =>
  refreshAfter(adminSend('PUT', path, schema, body), [systemKeys.settings()]);

export const saveMaintenance = (body: UpdateMaintenanceRequest) =>
  put('/system/maintenance', AdminSystemSettings, body);

export const saveCustomerService = (url: string) =>
  put('/system/customer-service', AdminSystemSettings, { url });

export const saveSwitch = (code: WhitelabelSwitch, enabled: boolean) =>
  put('/system/whitelabel', AdminSystemSettings, { switches: [{ code, enabled }] });

export const saveRegisterField = (field: RegisterField, rule: UpdateRegisterFieldRequest) =>
  put(`/system/register-fields/${field}`, AdminSystemSettings, rule);

export const saveResource = (key: string, body: UpdateResourceRequest) =>
  put(`/system/resources/${encodeURIComponent(key)}`, AdminResourceList, body);

export const deleteResource = (key: string) =>
  refreshAfter(
    adminSend('DELETE', `/system/resources/${encodeURIComponent(key)}`, AdminResourceList),
    [systemKeys.settings()],
  );

export const saveCurrency = (body: UpdateCurrencyRequest) =>
  put('/system/currency', AdminSystemSettings, body);

/**
 * The merchant's time zone: the back office's own days and times follow it at once (the operator
 * query carries the zone), and the dashboard and reports are read again in its days.
 */
export const saveTimeZone = (body: UpdateTimeZoneRequest) =>
  refreshAfter(adminSend('PUT', '/system/time-zone', AdminSystemSettings, body), [
    systemKeys.settings(),
    queryRoots.session,
    queryRoots.dashboard,
    queryRoots.reports,
  ]);

export const createDomain = (body: DomainRequest) =>
  refreshAfter(adminSend('POST', '/system/domains', AdminDomain, body), [systemKeys.settings()]);

export const updateDomain = (id: number, body: DomainRequest) =>
  put(`/system/domains/${id}`, AdminDomain, body);

export const deleteDomain = (id: number) =>
  refreshAfter(adminSend('DELETE', `/system/domains/${id}`, AdminDomain), [systemKeys.settings()]);

export const createRegionRule = (body: Partial<CreateRegionRuleRequest>) =>
  refreshAfter(adminSend('POST', '/system/region-rules', AdminRegionRule, body), [
    systemKeys.regionRules(),
  ]);

export const deleteRegionRule = (id: number) =>
  refreshAfter(adminSend('DELETE', `/system/region-rules/${id}`, AdminRegionRule), [
    systemKeys.regionRules(),
  ]);
