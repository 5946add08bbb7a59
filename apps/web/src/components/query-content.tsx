import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { Loader } from './loader';

/** What it reads of a query; an infinite query's result has the same fields. */
type QueryState<T> = Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'> & {
  refetch: () => Promise<unknown>;
};

type QueryContentProps<T> = { query: QueryState<T>; children: (data: T) => ReactNode };

/** Renders a query's data, or the loader while it first loads, or the error with a retry. */
export function QueryContent<T>({ query, children }: QueryContentProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Loader />;
}
