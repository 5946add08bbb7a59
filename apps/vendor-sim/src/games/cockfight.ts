import type { Rng } from './rng.js';

/** Sides a sabong bet can take: the favourite (meron), the underdog (wala), or a draw. */
export const COCKFIGHT_SIDES = ['MERON', 'WALA', 'DRAW'] as const;
export type CockfightSide = (typeof COCKFIGHT_SIDES)[number];

/** How a fight ends; a cancelled fight voids every bet (they are rolled back). */
export type CockfightResult = CockfightSide | 'CANCELLED';

/**
 * Chances out of 1000: meron 487, wala 487, draw 20, cancelled 6. Meron and wala pay 1.9 times
 * the stake (the house keeps a 10% plasada of the winnings), a draw bet pays 9 times (8 to 1),
 * and meron and wala stakes come back on a draw.
 */
const RESULT_WEIGHTS: [CockfightResult, number][] = [
  ['MERON', 487],
  ['WALA', 487],
  ['DRAW', 20],
  ['CANCELLED', 6],
];

/** Draws the end of a fight. */
export function fightResult(rng: Rng): CockfightResult {
  let draw = rng(1000);
  for (const [result, weight] of RESULT_WEIGHTS) {
    if (draw < weight) return result;
    draw -= weight;
  }
  throw new Error('cockfight weights must sum to 1000');
}

/** Gross win of a `stake` on `side` when the fight ended with `result` (not cancelled). */
export function cockfightPayout(side: CockfightSide, stake: bigint, result: CockfightSide): bigint {
  if (result === side) return side === 'DRAW' ? stake * 9n : (stake * 19n) / 10n;
  return result === 'DRAW' ? stake : 0n;
}
