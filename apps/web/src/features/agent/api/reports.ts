import type { ReportPreset } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { saveDownload } from '@/lib/download';
import { agentKeys } from './agent-keys';

/** Rows a report page shows (the server's default page size). */
export const REPORT_PAGE_SIZE = 20;

/** The period presets of @app/shared REPORT_PRESETS (kept here so the page does not load zod). */
export const REPORT_PRESET_OPTIONS: readonly ReportPreset[] = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
];

/** The reports under /wps/agent/report/ and the schema each answers with. */
const REPORTS = {
  overview: 'TeamOverview',
  bets: 'TeamBetPage',
  loss: 'UserLossPage',
  transactions: 'TeamTransactionPage',
  income: 'AgentIncomePage',
} as const;
type Reports = typeof REPORTS;
export type ReportName = keyof Reports;

/** What the filter bar chose: a period preset, the page and the report's own filters. */
export type ReportFilters = {
  preset: ReportPreset;
  page?: number;
  /** A downline account (bets, loss, transactions). */
  account?: string;
  /** A record category (transactions) or an income type (income). */
  category?: string;
  type?: string;
};

function toQuery(filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = { preset: filters.preset };
  if (filters.page !== undefined) {
    query.page = String(filters.page);
    query.size = String(REPORT_PAGE_SIZE);
  }
  if (filters.account) query.account = filters.account;
  if (filters.category) query.category = filters.category;
  if (filters.type) query.type = filters.type;
  return query;
}

/** GET /wps/agent/report/<report>: one of the agent centre reports of the caller's own team. */
export function getReportQueryOptions<Name extends ReportName>(
  report: Name,
  filters: ReportFilters,
) {
  const query = toQuery(filters);
  return queryOptions({
    queryKey: agentKeys.report(report, query),
    queryFn: ({ signal }) =>
      apiGet<Reports[Name]>(`/wps/agent/report/${report}`, REPORTS[report], { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /wps/agent/report/<report>/export: the report's every row for the same filters as a CSV
 * file (built on the server, decision 015's addendum), saved through a temporary link.
 */
export function downloadReportCsv(report: ReportName, filters: ReportFilters) {
  // Every row of the range: no page.
  return saveDownload(`/wps/agent/report/${report}/export`, {
    query: toQuery({ ...filters, page: undefined }),
    fallbackName: `agent-${report}.csv`,
  });
}
