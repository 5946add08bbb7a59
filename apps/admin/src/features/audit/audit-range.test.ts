import { describe, expect, it } from 'vitest';
import { auditRange } from './audit-range';

describe('the audit log filter', () => {
  it("sends the picked days as the instants of the scoped merchant's midnights", () => {
    expect(auditRange('2026-11-24', '2026-11-25', 'Asia/Manila')).toEqual({
      from: '2026-11-23T16:00:00.000Z',
      to: '2026-11-25T16:00:00.000Z',
    });
    // New York's autumn change: 1 November has 25 hours (EDT until 06:00 UTC, then EST).
    expect(auditRange('2026-11-01', '2026-11-01', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T05:00:00.000Z',
    });
  });

  it('leaves an end open when its day is empty', () => {
    expect(auditRange('', '2026-11-25', 'America/New_York')).toEqual({
      to: '2026-11-26T05:00:00.000Z',
    });
    expect(auditRange('', '', 'Asia/Manila')).toEqual({});
  });
});
