import { describe, expect, it } from 'vitest';
import { REELS, type SlotSymbol } from './config.js';
import { DETAIL_LENGTH, LINE_COUNT, evaluate, uniformBelow } from './engine.js';

/** A stop of the reel that shows symbol in the middle row. */
function middle(reel: number, symbol: SlotSymbol): number {
  const strip = REELS[reel]!;
  const at = strip.indexOf(symbol);
  return (at - 1 + strip.length) % strip.length;
}

function line1(symbols: SlotSymbol[]) {
  const detail = new Int32Array(DETAIL_LENGTH);
  const total = evaluate(Int32Array.from(symbols.map((s, k) => middle(k, s))), detail);
  return { pay: detail[0], count: detail[2], total, scatters: detail[LINE_COUNT * 3] };
}

describe('BGS slot evaluation', () => {
  it('pays a left-to-right run with wilds standing in', () => {
    expect(line1(['SEVEN', 'WILD', 'SEVEN', 'CHERRY', 'BAR'])).toMatchObject({ pay: 25, count: 3 });
    expect(line1(['BELL', 'WILD', 'WILD', 'BELL', 'BELL'])).toMatchObject({ pay: 150, count: 5 });
  });

  it('pays the better of the wild run and the symbol run', () => {
    // 3 wilds (50) beat 4 lemons (10).
    expect(line1(['WILD', 'WILD', 'WILD', 'LEMON', 'BAR'])).toMatchObject({ pay: 50, count: 3 });
    // 4 sevens with 2 leading wilds (100) beat 2 wilds (nothing).
    expect(line1(['WILD', 'WILD', 'SEVEN', 'SEVEN', 'BAR'])).toMatchObject({ pay: 100, count: 4 });
  });

  it('does not pay runs that do not start on reel 1 or are broken by a scatter', () => {
    expect(line1(['CHERRY', 'SEVEN', 'SEVEN', 'SEVEN', 'SEVEN']).pay).toBe(0);
    expect(line1(['WILD', 'SCATTER', 'WILD', 'WILD', 'WILD']).pay).toBe(0);
  });

  it('counts scatters anywhere and pays them on the total bet', () => {
    const sut = line1(['SCATTER', 'SCATTER', 'SCATTER', 'SEVEN', 'BAR']);
    expect(sut.scatters).toBe(3);
    // 2x the total bet is 40 line bets, on top of the line wins.
    expect(sut.total).toBeGreaterThanOrEqual(40);
  });

  it('rejects draws above the largest multiple of n instead of folding them (no modulo bias)', () => {
    const draws = [0xffff_ffff, 0xffff_fff0, 31];
    const source = { nextUint32: () => draws.shift()! };
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % 30);
    expect(uniformBelow(source, 30, limit)).toBe(1);
    expect(draws).toEqual([]);
  });
});
