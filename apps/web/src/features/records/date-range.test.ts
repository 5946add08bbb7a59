import { describe, expect, it } from 'vitest';
import {
  applyPreset,
  customRangeProblem,
  initialRange,
  merchantToday,
  presetDisabled,
} from './date-range';

const today = '2026-11-23';

describe('record date presets', () => {
  it('opens on the last 7 days and moves by 7 or 30, never past today', () => {
    const start = initialRange(today);
    expect(start).toEqual({ from: '2026-11-17', to: today });
    const back = applyPreset(start, 'previous7', today);
    expect(back).toEqual({ from: '2026-11-10', to: '2026-11-16' });
    expect(applyPreset(back, 'next7', today)).toEqual(start);
    expect(presetDisabled(start, 'next7', today)).toBe(true);
    expect(presetDisabled(back, 'next7', today)).toBe(false);
    const month = applyPreset(start, 'previous30', today);
    expect(month).toEqual({ from: '2026-10-25', to: today });
    expect(applyPreset(month, 'previous30', today)).toEqual({
      from: '2026-09-25',
      to: '2026-10-24',
    });
    // Next 30 from an older 7-day window: 30 days from its start, pulled back to end today.
    expect(applyPreset(back, 'next30', today)).toEqual({ from: '2026-10-25', to: today });
  });

  it('checks custom dates', () => {
    expect(customRangeProblem({ from: '2026-11-01', to: today }, today)).toBeNull();
    expect(customRangeProblem({ from: '', to: today }, today)).toBe('missing');
    expect(customRangeProblem({ from: today, to: '2026-11-01' }, today)).toBe('reversed');
    expect(customRangeProblem({ from: today, to: '2026-11-24' }, today)).toBe('future');
    expect(customRangeProblem({ from: '2026-08-01', to: today }, today)).toBe('tooLong');
  });

  it('takes today in Manila', () => {
    expect(merchantToday(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(merchantToday(new Date('2026-11-23T15:30:00Z'))).toBe('2026-11-23');
  });
});
