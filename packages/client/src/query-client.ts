import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

// A 4xx answer will not change by asking again; network trouble and 5xx get one more try.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The query client of a front end: how long an answer stays fresh and whether coming back to
 * the window asks again differ (the member site caches, the back office's queues move).
 */
export function createQueryClient(fresh: {
  staleTime: number;
  refetchOnWindowFocus: boolean;
}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...fresh, retry: shouldRetry },
      // A change is never sent twice by the client: the user decides after an error.
      mutations: { retry: false },
    },
  });
}
