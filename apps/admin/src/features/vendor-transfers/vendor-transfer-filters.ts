import { zonedDayBounds, type AdminVendorTransfer, type VendorTransferOutcome } from '@app/shared';

/** Pure helpers of the vendor transfers page (no API client: unit-tested alone). */

/**
 * The list's [from, to) instants of the picked days (both included) in the merchant's time zone
 * (decision 024), not the browser's; a day left empty leaves that end open.
 */
export function transferWindow(
  fromDay: string | undefined,
  toDay: string | undefined,
  zone: string,
): { from?: string; to?: string } {
  return zonedDayBounds(fromDay, toDay, zone);
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
