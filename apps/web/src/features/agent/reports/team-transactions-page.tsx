import type { TeamTransaction } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format-time';
import { RECORD_CATEGORY_CHOICES, signedAmount } from '@/lib/record-format';
import { useRecordsTranslation } from '@/lib/records-texts';
import { getReportQueryOptions } from '../api/reports';
import { amountTone } from '../components/report-figures';
import { ReportFilterBar } from '../components/report-filter-bar';
import { ReportPage } from '../components/report-page';
import { PagedReport, type ReportColumn } from '../components/report-table';
import { useReportFilters } from '../use-report-filters';

/**
 * `/agentHome/agentDownlineTransactionDetailsCopy`: every wallet movement of the team. Types and
 * categories use the account record's texts (records namespace), the same words the members see.
 */
export default function TeamTransactionsPage() {
  const { t } = useTranslation();
  const records = useRecordsTranslation();
  const state = useReportFilters();
  const filters = { ...state.filters, category: state.choice };
  const report = useQuery(getReportQueryOptions('transactions', filters));
  return (
    <ReportPage
      title={t('agent.pages.agentDownlineTransactionDetailsCopy')}
      testId="agent-transactions"
      filters={
        <ReportFilterBar
          state={state}
          testId="agent-transactions"
          withAccount
          choice={{
            label: t('agent.columns.type'),
            allLabel: t('agent.report.all'),
            options: RECORD_CATEGORY_CHOICES.map((value) => ({
              value,
              label: records.t(`transactions.categories.${value}`),
            })),
          }}
        />
      }
      query={report}
      csv={{ report: 'transactions', filters }}
      isEmpty={(data) => data.total === 0}
    >
      {(data) => {
        const money = (text: string) => signedAmount(text, data.currencySymbol);
        const columns: ReportColumn<TeamTransaction>[] = [
          { label: t('agent.columns.time'), cell: (row) => formatTime(row.time) },
          { label: t('agent.columns.account'), cell: (row) => row.account },
          {
            label: t('agent.columns.type'),
            cell: (row) => records.t(`transactions.types.${row.type}`),
          },
          {
            label: t('agent.columns.amount'),
            numeric: true,
            cell: (row) => money(row.amount),
            tone: (row) => amountTone(row.amount),
          },
          {
            label: t('agent.columns.balance'),
            numeric: true,
            cell: (row) => money(row.balanceAfter),
          },
          { label: t('agent.columns.wallet'), cell: (row) => row.wallet },
        ];
        return (
          <PagedReport
            answer={data}
            paging={state}
            caption={t('agent.pages.agentDownlineTransactionDetailsCopy')}
            columns={columns}
            rowKey={(row) => row.id}
            testId="agent-transactions-table"
            totals={[
              {
                label: t('agent.totals.in'),
                value: data.totalIn,
                testId: 'agent-transactions-total-in',
                signed: true,
              },
              {
                label: t('agent.totals.out'),
                value: data.totalOut,
                testId: 'agent-transactions-total-out',
                signed: true,
              },
            ]}
          />
        );
      }}
    </ReportPage>
  );
}
