import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import { Pager } from '@/components/pager';
import records from '@/components/records.module.css';
import { REPORT_PAGE_SIZE } from '../api/reports';

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
