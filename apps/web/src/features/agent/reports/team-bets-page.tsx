import type { TeamBet } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format-time';
import { signedAmount } from '@/lib/record-format';
import { getReportQueryOptions } from '../api/reports';
import { amountTone } from '../components/report-figures';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportPage } from '../components/report-page';
import { PagedReport, type ReportColumn } from '../components/report-table';
import { useReportFilters } from '../use-report-filters';

/** `/agentHome/personalHistoryCopy` (team betting): every round the team played. */
export default function TeamBetsPage() {
  const { t } = useTranslation();
  const state = useReportFilters();
  const filters = state.filters;
  const report = useQuery(getReportQueryOptions('bets', filters));
  return (
    <ReportPage
      title={t('agent.pages.personalHistoryCopy')}
      testId="agent-bets"
      filters={<ReportFilterBar state={state} testId="agent-bets" withAccount />}
      query={report}
      csv={{ report: 'bets', filters }}
      isEmpty={(data) => data.total === 0}
    >
      {(data) => {
        const money = (text: string) => signedAmount(text, data.currencySymbol);
        const columns: ReportColumn<TeamBet>[] = [
          { label: t('agent.columns.time'), cell: (row) => formatTime(row.time) },
          { label: t('agent.columns.account'), cell: (row) => row.account },
          {
            label: t('agent.columns.game'),
            cell: (row) => `${row.vendor} · ${row.gameCode} (${row.gameCategory})`,
          },
          { label: t('agent.columns.round'), cell: (row) => row.roundId },
          { label: t('agent.columns.bet'), numeric: true, cell: (row) => money(row.bet) },
          { label: t('agent.columns.win'), numeric: true, cell: (row) => money(row.win) },
          {
            label: t('agent.columns.profit'),
            numeric: true,
            cell: (row) => money(row.profit),
            tone: (row) => amountTone(row.profit),
          },
          { label: t('agent.columns.status'), cell: (row) => t(`agent.betStatus.${row.status}`) },
        ];
        return (
          <PagedReport
            answer={data}
            paging={state}
            caption={t('agent.pages.personalHistoryCopy')}
            columns={columns}
            rowKey={(row) => row.id}
            testId="agent-bets-table"
            totals={[
              {
                label: t('agent.totals.bet'),
                value: data.totalBet,
                testId: 'agent-bets-total-bet',
              },
              {
                label: t('agent.totals.win'),
                value: data.totalWin,
                testId: 'agent-bets-total-win',
              },
              {
                label: t('agent.totals.profit'),
                value: data.totalProfit,
                testId: 'agent-bets-total-profit',
                signed: true,
              },
            ]}
          />
        );
      }}
    </ReportPage>
  );
}
