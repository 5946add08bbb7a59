import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from './pagination';
import { QueryContent } from './query-content';

/** A page of a back-office list, as every list endpoint answers it. */
type Page<T> = { items: T[]; page: number; total: number };

type PagedTableProps<T> = {
  query: UseQueryResult<Page<T>>;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the empty message and the pager for tests: `<testId>-empty`, `<testId>-pages`. */
  testId: string;
  /** Column headings; `number` right-aligns an amount column. */
  columns: { label: string; number?: boolean }[];
  /** One `<tr>` per item. */
  row: (item: T) => ReactNode;
  /** A test id for the table itself, where a test reads the rows together. */
  tableTestId?: string;
};

/** A list endpoint's page as a table, with the loader, the empty message and the pager. */
export function PagedTable<T>({
  query,
  pageSize,
  onPage,
  testId,
  columns,
  row,
  tableTestId,
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <QueryContent query={query}>
      {(page) =>
        page.items.length === 0 ? (
          <p className="muted" data-testid={`${testId}-empty`}>
            {t('common.empty')}
          </p>
        ) : (
          <>
            <div className="table-wrap">
              <table className="table" data-testid={tableTestId}>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.label} className={column.number ? 'number' : undefined}>
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>{page.items.map(row)}</tbody>
              </table>
            </div>
            <Pagination
              page={page.page}
              size={pageSize}
              total={page.total}
              onPage={onPage}
              testId={`${testId}-pages`}
            />
          </>
        )
      }
    </QueryContent>
  );
}
