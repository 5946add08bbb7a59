import type { EntryResult } from './ledger.service.js';

/**
 * Told after a ledger entry commits (live balance to the member's sockets); its failure never
 * undoes or fails the movement.
 */
export type EntryListener = (
  merchantId: number,
  currency: string,
  entry: EntryResult,
) => Promise<void>;

/** Tells the listener about a committed entry, if there is one; swallows the listener's failure. */
export async function tellEntry(
  listener: EntryListener | undefined,
  merchantId: number,
  currency: string,
  entry: EntryResult | null | undefined,
): Promise<void> {
  if (!listener || !entry) return;
  await listener(merchantId, currency, entry).catch(() => undefined);
}
