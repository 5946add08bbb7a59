import { zonedDayBounds } from '@app/shared';

/** Pure helper of the audit page (no API client: unit-tested alone). */

/**
 * The picked days (both included) of the scoped merchant's time zone as the log's [from, to)
 * instants; an empty day leaves that end open.
 */
export function auditRange(from: string, to: string, zone: string): { from?: string; to?: string } {
  return zonedDayBounds(from, to, zone);
}
