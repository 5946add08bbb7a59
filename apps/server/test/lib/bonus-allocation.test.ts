import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitByWeight } from '../../src/modules/reports/bonus-allocation.js';

describe('splitByWeight', () => {
  it('gives the left-over centavos to the largest remainders', () => {
    // 20.00 over turnover 15.00 and 40.00: 5.4545... and 14.5454...
    expect(splitByWeight(2_000n, [1_500n, 4_000n])).toEqual([545n, 1_455n]);
    // One centavo over three equal lines: the first takes it.
    expect(splitByWeight(1n, [7n, 7n, 7n])).toEqual([1n, 0n, 0n]);
    expect(splitByWeight(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(splitByWeight(-100n, [1n, 1n, 1n])).toEqual([-34n, -33n, -33n]);
  });

  it('gives nothing to lines without positive turnover, null when none has any', () => {
    expect(splitByWeight(500n, [0n, -300n, 200n])).toEqual([0n, 0n, 500n]);
    expect(splitByWeight(500n, [0n, -300n])).toBeNull();
    expect(splitByWeight(500n, [])).toBeNull();
  });

  it('always adds up to the total exactly, each part within a centavo of its share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 12n }), {
          minLength: 1,
          maxLength: 30,
        }),
        (total, weights) => {
          const parts = splitByWeight(total, weights);
          const sum = weights.reduce((a, w) => a + (w > 0n ? w : 0n), 0n);
          if (sum === 0n) return parts === null;
          expect(parts!.reduce((a, p) => a + p, 0n)).toBe(total);
          parts!.forEach((part, i) => {
            const w = weights[i]! > 0n ? weights[i]! : 0n;
            // |part * sum - total * w| < sum: never more than one centavo off the exact share.
            const gap = part * sum - total * w;
            expect(gap < sum && gap > -sum).toBe(true);
          });
          return true;
        },
      ),
    );
  });
});
