import { AdminAuditPage, type AdminAuditQuery } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet } from '../../../lib/api-client';

export type AuditFilter = Omit<AdminAuditQuery, 'size'>;

/** Rows per page of the log. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /admin/api/audit: newest first, every filter optional. */
export function getAuditQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: ['audit', filter],
    queryFn: ({ signal }) =>
      adminGet('/audit', AdminAuditPage, { query: { ...filter, size: AUDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}
