import { createQueryClient } from '@app/client';
import type { QueryKey } from '@tanstack/react-query';
import { queryRoots } from './query-keys';

// Queues change under the operator's eyes: data is fresh for a short while only.
export const queryClient = createQueryClient({ staleTime: 10_000, refetchOnWindowFocus: true });

/**
 * Asks again for the lists under `keys` (prefixes: a feature's root or part of it) and for the
 * audit log, which records every back-office change. Other queries stay as they are.
 */
export async function invalidateAfterChange(keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(
    [queryRoots.audit, ...keys].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * Runs a back-office change, then asks again for the lists it changes, also after a refusal
 * (another operator may have acted): `keys` name every page that reads what the change moves
 * (profile, balances, queues, dashboard); the audit log is always among them.
 */
export async function refreshAfter<T>(change: Promise<T>, keys: readonly QueryKey[]): Promise<T> {
  try {
    return await change;
  } finally {
    await invalidateAfterChange(keys);
  }
}
