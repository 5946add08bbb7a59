import { REEL_COUNT } from './config.js';
import { DETAIL_LENGTH, evaluate, LINE_COUNT, REEL_LENGTHS } from './engine.js';

export interface EnumerationSums {
  /** Number of equally likely stop combinations (the product of the reel lengths). */
  combinations: bigint;
  /** Sum over all combinations of the win in line-bet units, and of its square. */
  winUnits: bigint;
  winUnitsSquared: bigint;
  /** Combinations that win anything. */
  hits: bigint;
}

/**
 * The enumeration's sums as stated in docs/games/bgs-slot.md; stats.test.ts enumerates again
 * and fails when the configuration and this statement part ways.
 */
export const STATED_SUMS: EnumerationSums = {
  combinations: 24_300_000n,
  winUnits: 469_219_800n,
  winUnitsSquared: 64_602_280_310n,
  hits: 13_597_632n,
};

export interface ExactStats extends EnumerationSums {
  /** RTP = winUnits / (combinations * 20), as a float for display and tolerance checks. */
  rtp: number;
  /** Variance of the win per spin in multiples of the total bet. */
  variance: number;
  hitFrequency: number;
}

/**
 * Every stop combination evaluated once by the engine: the exact theoretical return and the
 * variance of a spin. Inner sums stay far below 2^53 and are moved into bigint per reel-1 stop.
 */
export function exactStats(): ExactStats {
  return summarize(enumerate());
}

function enumerate(): EnumerationSums {
  const stops = new Int32Array(REEL_COUNT);
  const detail = new Int32Array(DETAIL_LENGTH);
  const [l0, l1, l2, l3, l4] = REEL_LENGTHS as [number, number, number, number, number];
  let winUnits = 0n;
  let winUnitsSquared = 0n;
  let hits = 0n;
  for (let a = 0; a < l0; a++) {
    stops[0] = a;
    let sum = 0;
    let squares = 0;
    let hit = 0;
    for (let b = 0; b < l1; b++) {
      stops[1] = b;
      for (let c = 0; c < l2; c++) {
        stops[2] = c;
        for (let d = 0; d < l3; d++) {
          stops[3] = d;
          for (let e = 0; e < l4; e++) {
            stops[4] = e;
            const win = evaluate(stops, detail);
            sum += win;
            squares += win * win;
            if (win > 0) hit++;
          }
        }
      }
    }
    winUnits += BigInt(sum);
    winUnitsSquared += BigInt(squares);
    hits += BigInt(hit);
  }
  return { combinations: BigInt(l0 * l1 * l2 * l3 * l4), winUnits, winUnitsSquared, hits };
}

/** RTP, variance and hit frequency from the enumeration sums. */
export function summarize(sums: EnumerationSums): ExactStats {
  const { combinations, winUnits, winUnitsSquared, hits } = sums;
  const totalBetUnits = BigInt(LINE_COUNT);
  // Scaled integer division keeps 12 exact digits before the one conversion to float.
  const scale = 10n ** 12n;
  const rtp = Number((winUnits * scale) / (combinations * totalBetUnits)) / 1e12;
  const meanSquare =
    Number((winUnitsSquared * scale) / (combinations * totalBetUnits * totalBetUnits)) / 1e12;
  return {
    combinations,
    winUnits,
    winUnitsSquared,
    hits,
    rtp,
    variance: meanSquare - rtp * rtp,
    hitFrequency: Number((hits * scale) / combinations) / 1e12,
  };
}
