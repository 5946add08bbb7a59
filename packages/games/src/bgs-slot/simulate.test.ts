import { beforeAll, describe, expect, it } from 'vitest';
import { Sfc32 } from '../random.js';
import { REELS, SYMBOLS } from './config.js';
import { simulate, type SimulationResult } from './simulate.js';
import { STATED_SUMS, summarize } from './stats.js';

const SPINS = 10_000_000;
/** Two-sided 99% normal quantile. */
const Z99 = 2.5758;

/** Chi-square critical value at p = 0.001 (Wilson-Hilferty; within 1% for df >= 3). */
function chiSquareCritical(df: number): number {
  const z = 3.0902;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

describe('BGS slot over 10,000,000 simulated spins', () => {
  let result: SimulationResult;
  // A few seconds on an idle core; the generous limit is for a CI machine running every suite.
  beforeAll(() => {
    result = simulate(new Sfc32(20261123), SPINS);
  }, 600_000);

  it('returns the stated RTP within its 99% confidence interval', () => {
    const stated = summarize(STATED_SUMS);
    const rtp = result.winUnits / SPINS / 20;
    const halfWidth = Z99 * Math.sqrt(stated.variance / SPINS);
    expect(Math.abs(rtp - stated.rtp)).toBeLessThan(halfWidth);
  });

  it('shows each symbol on each reel as often as the strip holds it (chi-square, p = 0.001)', () => {
    REELS.forEach((reel, k) => {
      let chiSquare = 0;
      let df = -1;
      SYMBOLS.forEach((symbol, s) => {
        const onStrip = reel.filter((x) => x === symbol).length;
        if (onStrip === 0) return;
        const expected = (SPINS * onStrip) / reel.length;
        chiSquare += (result.symbolCounts[k]![s]! - expected) ** 2 / expected;
        df++;
      });
      expect(chiSquare, `reel ${k + 1}`).toBeLessThan(chiSquareCritical(df));
    });
  });
});
