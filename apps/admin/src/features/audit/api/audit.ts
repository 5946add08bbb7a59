import { AdminAuditPage, type AdminAuditExportQuery, type AdminAuditQuery } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminBlob, adminGet } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { queryString } from '@app/client';
import { saveFile } from '@app/client/download';

export type AuditFilter = Omit<AdminAuditQuery, 'size'>;

export const auditKeys = {
  all: queryRoots.audit,
  log: (filter: AuditFilter) => [...auditKeys.all, filter] as const,
};

/** Rows per page of the log. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /admin/api/audit: newest first, every filter optional. */
export function getAuditQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: auditKeys.log(filter),
    queryFn: ({ signal }) =>
      adminGet('/audit', AdminAuditPage, { query: { ...filter, size: AUDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered log as CSV (GET /admin/api/audit.csv); too many rows is an error. */
export async function downloadAuditCsv(filter: AdminAuditExportQuery): Promise<void> {
  const blob = await adminBlob(`/audit.csv${queryString(filter)}`);
  saveFile({ blob, fileName: 'audit.csv' });
}
