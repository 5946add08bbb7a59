import { describe, expect, it } from 'vitest';
import { destinationOf, transferWindow } from './vendor-transfer-filters';

describe('resolving an unresolved vendor transfer', () => {
  it('tells the operator where the money goes for each direction and outcome', () => {
    // Fund in applied: the money is at the vendor; never applied: back to the main wallet.
    expect(destinationOf('in', 'vendor_credited')).toBe('vendor');
    expect(destinationOf('in', 'returned_to_member')).toBe('main');
    // Fund out paid by the vendor: the main wallet gets it; kept by the vendor: stays there.
    expect(destinationOf('out', 'vendor_credited')).toBe('main');
    expect(destinationOf('out', 'returned_to_member')).toBe('vendor');
  });

  it("filters by whole days of the merchant's zone, the end day included", () => {
    // Manila: 00:00 is 16:00 UTC the day before, whatever the browser's own zone.
    expect(transferWindow('2026-03-01', '2026-03-31', 'Asia/Manila')).toEqual({
      from: '2026-02-28T16:00:00.000Z',
      to: '2026-03-31T16:00:00.000Z',
    });
    // New York across the spring change: the 8th starts in EST, the 9th in EDT.
    expect(transferWindow('2026-03-08', '2026-03-08', 'America/New_York')).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
    expect(transferWindow('', undefined, 'Asia/Manila')).toEqual({});
    expect(transferWindow(undefined, '2026-03-31', 'Asia/Manila')).toEqual({
      to: '2026-03-31T16:00:00.000Z',
    });
  });
});
