import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// A 4xx answer will not change by asking again; network trouble and 5xx get one more try.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
  },
});
