import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { cx } from '@/lib/class-names';
import { Pager } from '@/components/pager';
import records from '@/components/records.module.css';
import { REPORT_PAGE_SIZE } from '../api/reports';
import { ReportFigures, type Figure } from './report-figures';

export type ReportColumn<Row> = {
  label: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
  /** A class for the cell (e.g. positive/negative amounts). */
  tone?: (row: Row) => string | undefined;
};

type ReportTableProps<Row> = {
  caption: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  page: number;
  total: number;
  onPage: (page: number) => void;
  /** The table's data-testid, and the rows' (`-row`) and pager's prefix. */
  testId: string;
};

/**
 * The table of every agent report: a table on wide screens, one card per row on a phone (the
 * record pages' styles), and the pager under it.
 */
export function ReportTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  page,
  total,
  onPage,
  testId,
}: ReportTableProps<Row>) {
  return (
    <>
      <div className={records.tableWrap}>
        <table className={records.table} data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={cx(column.numeric && records.number)}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={`${testId}-row`}>
                {columns.map((column) => (
                  <td
                    key={column.label}
                    data-label={column.label}
                    className={cx(column.numeric && records.number, column.tone?.(row))}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} size={REPORT_PAGE_SIZE} total={total} onPage={onPage} testId={testId} />
    </>
  );
}

type PagedReportProps<Row> = {
  /** The page's answer: the rows of this page, how many there are and the currency symbol. */
  answer: { items: readonly Row[]; total: number; currencySymbol: string };
  /** The filter state whose page the table shows and changes. */
  paging: { page: number; setPage: (page: number) => void };
  /** The totals line above the table. */
  totals: readonly Figure[];
} & Pick<ReportTableProps<Row>, 'caption' | 'columns' | 'rowKey' | 'testId'>;

/**
 * A list report's answer: the totals line, then one page of the table (or the empty state when
 * the period has no rows).
 */
export function PagedReport<Row>({ answer, paging, totals, ...table }: PagedReportProps<Row>) {
  const { t } = useTranslation();
  return (
    <>
      <ReportFigures currencySymbol={answer.currencySymbol} figures={totals} />
      {answer.total === 0 ? (
        <EmptyState title={t('agent.report.empty')} />
      ) : (
        <ReportTable
          {...table}
          rows={answer.items}
          page={paging.page}
          total={answer.total}
          onPage={paging.setPage}
        />
      )}
    </>
  );
}
