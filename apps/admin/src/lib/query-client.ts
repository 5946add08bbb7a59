import { createQueryClient } from '@app/client';

// Queues change under the operator's eyes: data is fresh for a short while only.
export const queryClient = createQueryClient({ staleTime: 10_000, refetchOnWindowFocus: true });

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
