import type { AdminVendorTransfer, VendorTransferOutcome } from '@app/shared';

/** Pure helpers of the vendor transfers page (no API client: unit-tested alone). */

/** The instant a local day starts, ISO; `next` the start of the following day. */
export function dayStart(day: string | undefined, next = false): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return undefined;
  return new Date(y, m - 1, d + (next ? 1 : 0)).toISOString();
}

/**
 * Where an unresolved transfer's money goes with each outcome (the server posts it so):
 * `vendor` is the member's wallet at the vendor, `main` the main wallet.
 */
export function destinationOf(
  direction: AdminVendorTransfer['direction'],
  outcome: VendorTransferOutcome,
): 'main' | 'vendor' {
  const credited = outcome === 'vendor_credited';
  return (direction === 'out') === credited ? 'main' : 'vendor';
}
