import { describe, expect, it } from 'vitest';
import { dayStart, destinationOf } from './vendor-transfer-filters';

describe('resolving an unresolved vendor transfer', () => {
  it('tells the operator where the money goes for each direction and outcome', () => {
    // Fund in applied: the money is at the vendor; never applied: back to the main wallet.
    expect(destinationOf('in', 'vendor_credited')).toBe('vendor');
    expect(destinationOf('in', 'returned_to_member')).toBe('main');
    // Fund out paid by the vendor: the main wallet gets it; kept by the vendor: stays there.
    expect(destinationOf('out', 'vendor_credited')).toBe('main');
    expect(destinationOf('out', 'returned_to_member')).toBe('vendor');
  });

  it('filters by whole local days, the end day included', () => {
    expect(dayStart('2026-03-01')).toBe(new Date(2026, 2, 1).toISOString());
    expect(dayStart('2026-03-31', true)).toBe(new Date(2026, 3, 1).toISOString());
    expect(dayStart('')).toBeUndefined();
    expect(dayStart(undefined, true)).toBeUndefined();
  });
});
