import type { UserLossLine } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signedAmount } from '@/lib/record-format';
import { getReportQueryOptions } from '../api/reports';
import { amountTone } from '../components/report-figures';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportPage } from '../components/report-page';
import { PagedReport, type ReportColumn } from '../components/report-table';
import { useReportFilters } from '../use-report-filters';

/** `/agentHome/palStatementsAgentCopy` (user loss): one line per team member who played. */
export default function UserLossPage() {
  const { t } = useTranslation();
  const state = useReportFilters();
  const filters = state.filters;
  const report = useQuery(getReportQueryOptions('loss', filters));
  return (
    <ReportPage
      title={t('agent.pages.palStatementsAgentCopy')}
      testId="agent-loss"
      filters={<ReportFilterBar state={state} testId="agent-loss" withAccount />}
      query={report}
      csv={{ report: 'loss', filters }}
      isEmpty={(data) => data.total === 0}
    >
      {(data) => {
        const money = (text: string) => signedAmount(text, data.currencySymbol);
        const columns: ReportColumn<UserLossLine>[] = [
          { label: t('agent.columns.account'), cell: (row) => row.account },
          { label: t('agent.columns.depth'), numeric: true, cell: (row) => row.depth },
          { label: t('agent.columns.betCount'), numeric: true, cell: (row) => row.betCount },
          { label: t('agent.columns.bet'), numeric: true, cell: (row) => money(row.bets) },
          {
            label: t('agent.columns.validBet'),
            numeric: true,
            cell: (row) => money(row.validBets),
          },
          { label: t('agent.columns.payout'), numeric: true, cell: (row) => money(row.payout) },
          { label: t('agent.columns.bonus'), numeric: true, cell: (row) => money(row.bonus) },
          {
            label: t('agent.columns.profit'),
            numeric: true,
            cell: (row) => money(row.profit),
            tone: (row) => amountTone(row.profit),
          },
        ];
        return (
          <PagedReport
            answer={data}
            paging={state}
            caption={t('agent.pages.palStatementsAgentCopy')}
            columns={columns}
            rowKey={(row) => row.memberId}
            testId="agent-loss-table"
            totals={[
              {
                label: t('agent.totals.bet'),
                value: data.totals.bets,
                testId: 'agent-loss-total-bet',
              },
              {
                label: t('agent.totals.validBet'),
                value: data.totals.validBets,
                testId: 'agent-loss-total-valid-bet',
              },
              {
                label: t('agent.totals.bonus'),
                value: data.totals.bonus,
                testId: 'agent-loss-total-bonus',
              },
              {
                label: t('agent.totals.profit'),
                value: data.totals.profit,
                testId: 'agent-loss-total-profit',
                signed: true,
              },
            ]}
          />
        );
      }}
    </ReportPage>
  );
}
