import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// A 4xx answer will not change by asking again; network trouble and 5xx get one more try.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

// Queues change under the operator's eyes: data is fresh for a short while only.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: shouldRetry, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

/**
 * Runs a back-office change, then asks again for every list on screen, also after a refusal
 * (another operator may have acted): a change shows in every page that reads it (profile,
 * balances, queues, audit log).
 */
export async function refreshAfter<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } finally {
    await queryClient.invalidateQueries();
  }
}
