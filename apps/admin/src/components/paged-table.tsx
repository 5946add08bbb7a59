import {
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from './data-table';
import { Pagination } from './pagination';
import { QueryContent } from './query-content';

/** A page of a back-office list, as every list endpoint answers it. */
export type Page<T> = { items: T[]; page: number; size: number; total: number };

type PagedTableProps<T> = {
  /** The page the server answered, which says its size. */
  query: UseQueryResult<Page<T>>;
  onPage: (page: number) => void;
  /** Names the empty message and the pager for tests: `<testId>-empty`, `<testId>-pages`. */
  testId: string;
  columns: Column[];
  /** One `<tr>` per item. */
  row: (item: T) => ReactNode;
  /** A test id for the table itself, where a test reads the rows together. */
  tableTestId?: string;
};

/** A list endpoint's page as a table, with the loader, the empty message and the pager. */
export function PagedTable<T>({
  query,
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
            <DataTable columns={columns} items={page.items} row={row} testId={tableTestId} />
            <Pagination
              page={page.page}
              size={page.size}
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

type PagedListProps<P extends Page<unknown>, Key extends QueryKey> = Omit<
  PagedTableProps<P['items'][number]>,
  'query' | 'onPage' | 'tableTestId'
> & {
  /** The list's query for a page; the list keeps which page the operator is on. */
  pageQuery: (page: number) => UseQueryOptions<P, Error, P, Key>;
};

/** A list with no filter but its page: the table is named by `testId` too. */
export function PagedList<P extends Page<unknown>, Key extends QueryKey>({
  pageQuery,
  ...table
}: PagedListProps<P, Key>) {
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      {...table}
      query={useQuery(pageQuery(page))}
      onPage={setPage}
      tableTestId={table.testId}
    />
  );
}
