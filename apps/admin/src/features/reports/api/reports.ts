import { AdminDailyReport, type AdminReportQuery } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminBlob, adminGet } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { queryString } from '@app/client';
import { saveFile } from '@app/client/download';

export const reportKeys = {
  all: queryRoots.reports,
  daily: (range: AdminReportQuery) => [...reportKeys.all, 'daily', range] as const,
};

/** GET /admin/api/reports/daily: every day of the range, the range's total, GGR by game. */
export function getDailyReportQueryOptions(range: AdminReportQuery) {
  return queryOptions({
    queryKey: reportKeys.daily(range),
    queryFn: ({ signal }) => adminGet('/reports/daily', AdminDailyReport, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the range as CSV (daily or by game), fetched with the session like any call. */
export async function downloadReportCsv(
  kind: 'daily' | 'games',
  range: AdminReportQuery,
): Promise<void> {
  const blob = await adminBlob(`/reports/${kind}.csv${queryString(range)}`);
  saveFile({ blob, fileName: `${kind}-${range.from}-${range.to}.csv` });
}
