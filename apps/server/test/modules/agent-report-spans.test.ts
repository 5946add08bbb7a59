import { addDays, dayNumber } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spanPlan, type SpanPlan } from '../../src/modules/agent-reports/report-spans.js';

const EPOCH = '2025-01-01';

/** Every day a plan's rows cover, with how many times (a day covered twice would count twice). */
function covered(plan: SpanPlan): Map<string, number> {
  const days = new Map<string, number>();
  const add = (day: string) => days.set(day, (days.get(day) ?? 0) + 1);
  for (const block of plan.blocks) {
    for (let first = block.first; first <= block.last;) {
      if (block.span === 'D') {
        add(first);
        first = addDays(first, 1);
      } else if (block.span === 'W') {
        for (let n = 0; n < 7; n += 1) add(addDays(first, n));
        first = addDays(first, 7);
      } else {
        let day = first;
        for (; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) add(day);
        first = day;
      }
    }
  }
  return days;
}

const weekday = (day: string) => ((((dayNumber(day) ?? 0) + 3) % 7) + 7) % 7; // Monday 0

describe('the rollup rows of a report range', () => {
  it('cover every day of the range once, and beyond it only the excess, after today', () => {
    fc.assert(
      fc.property(fc.nat(900), fc.nat(120), fc.integer({ min: -40, max: 160 }), (a, n, t) => {
        const from = addDays(EPOCH, a);
        const to = addDays(from, n);
        const today = addDays(from, t);
        const plan = spanPlan(from, to, today);
        const days = covered(plan);
        for (let day = from; day <= to; day = addDays(day, 1)) expect(days.get(day)).toBe(1);
        const beyond = [...days.keys()].filter((day) => day < from || day > to).sort();
        expect(Math.max(...days.values())).toBe(1);
        if (beyond.length === 0) {
          expect(plan.excess).toBeNull();
        } else {
          // Only a range reaching today runs past `to`; its excess is exactly what it covers.
          expect(to >= today).toBe(true);
          expect(beyond[0]! > to).toBe(true);
          expect(plan.excess).toEqual({ first: beyond[0], last: beyond.at(-1) });
        }
        for (const block of plan.blocks) {
          if (block.span === 'M')
            expect([block.first, block.last].map((d) => d.slice(8))).toEqual(['01', '01']);
          if (block.span === 'W')
            expect([weekday(block.first), weekday(block.last)]).toEqual([0, 0]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads one row per member for this month, this week and last month', () => {
    const one = (from: string, to: string, today: string) => spanPlan(from, to, today).blocks;
    // Thursday 2026-11-26.
    expect(one('2026-11-01', '2026-11-26', '2026-11-26')).toEqual([
      { span: 'M', first: '2026-11-01', last: '2026-11-01' },
    ]);
    expect(one('2026-11-23', '2026-11-26', '2026-11-26')).toEqual([
      { span: 'W', first: '2026-11-23', last: '2026-11-23' },
    ]);
    expect(one('2026-10-01', '2026-10-31', '2026-11-26')).toEqual([
      { span: 'M', first: '2026-10-01', last: '2026-10-01' },
    ]);
    // The last 30 days: this month's row and four day rows of October.
    expect(spanPlan('2026-10-28', '2026-11-26', '2026-11-26')).toEqual({
      blocks: [
        { span: 'M', first: '2026-11-01', last: '2026-11-01' },
        { span: 'D', first: '2026-10-28', last: '2026-10-31' },
      ],
      excess: { first: '2026-11-27', last: '2026-11-30' },
    });
    // A closed range of whole weeks and days around a month.
    expect(spanPlan('2026-08-27', '2026-10-14', '2026-11-26')).toEqual({
      blocks: [
        { span: 'M', first: '2026-09-01', last: '2026-09-01' },
        { span: 'D', first: '2026-08-27', last: '2026-08-31' },
        { span: 'W', first: '2026-10-05', last: '2026-10-05' },
        { span: 'D', first: '2026-10-01', last: '2026-10-04' },
        { span: 'D', first: '2026-10-12', last: '2026-10-14' },
      ],
      excess: null,
    });
  });
});
