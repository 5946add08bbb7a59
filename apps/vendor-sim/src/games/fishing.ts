import type { Rng } from './rng.js';

/** Fish on the board and what a catch pays, in bets. */
export const FISH = {
  CLOWNFISH: 2,
  PUFFER: 5,
  TURTLE: 10,
  SHARK: 30,
  WHALE: 100,
  GOLDEN_DRAGON: 300,
} as const;
export type Fish = keyof typeof FISH;
export const FISH_KINDS = Object.keys(FISH) as Fish[];

/**
 * Return to player in percent. A shot at a fish paying m bets catches it with probability
 * RTP / (100 m), so every target returns exactly the same share on average.
 */
export const FISHING_RTP_PERCENT = 95;

export interface FishingOutcome {
  fish: Fish;
  caught: boolean;
  /** Gross win in minor units (0 when the fish got away). */
  win: bigint;
}

/** One shot of `bet` at `fish`. */
export function shootFish(rng: Rng, fish: Fish, bet: bigint): FishingOutcome {
  const multiplier = FISH[fish];
  const caught = rng(100 * multiplier) < FISHING_RTP_PERCENT;
  return { fish, caught, win: caught ? bet * BigInt(multiplier) : 0n };
}
