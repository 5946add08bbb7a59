import type { AgentIncome, AgentIncomeType } from '@app/shared';
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

/** AGENT_INCOME_TYPES of @app/shared, without loading zod here. */
const INCOME_TYPES: readonly AgentIncomeType[] = [
  'agent_dividend',
  'agent_daily_salary',
  'agent_hourly_salary',
  'agent_realtime_salary',
];

/** `/agentHome/agentRevenueReport` (my income): what the agent's contracts paid them. */
export default function IncomePage() {
  const { t } = useTranslation();
  const state = useReportFilters();
  const filters = { ...state.filters, type: state.choice };
  const report = useQuery(getReportQueryOptions('income', filters));
  return (
    <ReportPage
      title={t('agent.pages.agentRevenueReport')}
      testId="agent-income"
      filters={
        <ReportFilterBar
          state={state}
          testId="agent-income"
          choice={{
            label: t('agent.columns.type'),
            allLabel: t('agent.report.all'),
            options: INCOME_TYPES.map((value) => ({
              value,
              label: t(`agent.incomeTypes.${value}`),
            })),
          }}
        />
      }
      query={report}
      csv={{ report: 'income', filters }}
    >
      {(data) => {
        const columns: ReportColumn<AgentIncome>[] = [
          { label: t('agent.columns.time'), cell: (row) => formatTime(row.time) },
          { label: t('agent.columns.type'), cell: (row) => t(`agent.incomeTypes.${row.type}`) },
          {
            label: t('agent.columns.amount'),
            numeric: true,
            cell: (row) => signedAmount(row.amount, data.currencySymbol),
            tone: (row) => amountTone(row.amount),
          },
          { label: t('agent.columns.wallet'), cell: (row) => row.wallet },
        ];
        return (
          <PagedReport
            answer={data}
            paging={state}
            caption={t('agent.pages.agentRevenueReport')}
            columns={columns}
            rowKey={(row) => row.id}
            testId="agent-income-table"
            totals={[
              {
                label: t('agent.totals.income'),
                value: data.totalAmount,
                testId: 'agent-income-total',
                signed: true,
              },
              ...data.byType.map((line) => ({
                label: t(`agent.incomeTypes.${line.type}`),
                value: line.amount,
                testId: `agent-income-total-${line.type}`,
              })),
            ]}
          />
        );
      }}
    </ReportPage>
  );
}
