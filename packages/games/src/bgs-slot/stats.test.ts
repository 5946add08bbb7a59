import { describe, expect, it } from 'vitest';
import { LINE_PAYS, REELS, ROW_COUNT, SCATTER_PAYS, SYMBOLS, type SlotSymbol } from './config.js';
import { LINE_COUNT } from './engine.js';
import { STATED_SUMS, summarize } from './stats.js';

// An independent oracle for the stated return: the full enumeration (npm run slot:stats, a few
// seconds on an idle core but minutes on a busy CI machine) is replaced here by the per-line
// analytic sum over symbol counts, in exact integers. Each line sees one independent, uniformly
// placed symbol per reel, so every line has the same expected pay.
function analyticWinUnitsTimesCombinations(): bigint {
  const lengths = REELS.map((reel) => BigInt(reel.length));
  const count = (k: number, s: SlotSymbol) => BigInt(REELS[k]!.filter((x) => x === s).length);
  const pay = (s: SlotSymbol, n: number): number =>
    s === 'SCATTER' || n < 3 ? 0 : LINE_PAYS[s][n - 3]!;
  const linePay = (line: SlotSymbol[]): number => {
    let wilds = 0;
    while (wilds < 5 && line[wilds] === 'WILD') wilds++;
    const wildPay = pay('WILD', wilds);
    const target = line[wilds];
    if (target === undefined || target === 'SCATTER') return wildPay;
    let run = wilds + 1;
    while (run < 5 && (line[run] === target || line[run] === 'WILD')) run++;
    return Math.max(wildPay, pay(target, run));
  };
  // Sum over symbol 5-tuples of pay times the number of stop combinations showing it.
  let lineSum = 0n;
  const walk = (k: number, line: SlotSymbol[], ways: bigint) => {
    if (k === 5) {
      lineSum += BigInt(linePay(line)) * ways;
      return;
    }
    for (const s of SYMBOLS) {
      const c = count(k, s);
      if (c > 0n) walk(k + 1, [...line, s], ways * c);
    }
  };
  walk(0, [], 1n);
  // Scatters: at most one per reel window, shown by ROW_COUNT stops per scatter on the strip.
  let scatterWays: bigint[] = [1n];
  REELS.forEach((reel, k) => {
    const withScatter = BigInt(ROW_COUNT) * count(k, 'SCATTER');
    const next = Array.from({ length: scatterWays.length + 1 }, () => 0n);
    scatterWays.forEach((ways, n) => {
      next[n]! += ways * (lengths[k]! - withScatter);
      next[n + 1]! += ways * withScatter;
    });
    scatterWays = next;
  });
  const scatterSum = scatterWays.reduce(
    (sum, ways, n) => sum + ways * BigInt(n >= 3 ? SCATTER_PAYS[n - 3]! * LINE_COUNT : 0),
    0n,
  );
  return lineSum * BigInt(LINE_COUNT) + scatterSum;
}

describe('BGS slot theoretical return', () => {
  it('the stated enumeration sums give the RTP an independent per-line computation gives', () => {
    expect(analyticWinUnitsTimesCombinations()).toBe(STATED_SUMS.winUnits);
    expect(STATED_SUMS.combinations).toBe(
      REELS.reduce((product, reel) => product * BigInt(reel.length), 1n),
    );
    const sut = summarize(STATED_SUMS);
    expect(sut.rtp).toBeCloseTo(0.965473, 6);
    expect(sut.variance).toBeCloseTo(5.714187, 5);
  });
});
