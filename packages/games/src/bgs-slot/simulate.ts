import { REEL_COUNT, REELS, SYMBOLS } from './config.js';
import { DETAIL_LENGTH, drawStops, evaluate, type Uint32Source } from './engine.js';

export interface SimulationResult {
  spins: number;
  /** Sum of wins in line-bet units. */
  winUnits: number;
  /** Times each symbol stood in the top row, per reel: symbolCounts[reel][symbol index]. */
  symbolCounts: Float64Array[];
}

/**
 * Plays spins through the engine with the given source, allocating nothing per spin: the
 * statistical check and the benchmark both run it.
 */
export function simulate(source: Uint32Source, spins: number): SimulationResult {
  const stops = new Int32Array(REEL_COUNT);
  const detail = new Int32Array(DETAIL_LENGTH);
  const topRows = REELS.map((reel) => Uint8Array.from(reel, (s) => SYMBOLS.indexOf(s)));
  const symbolCounts = REELS.map(() => new Float64Array(SYMBOLS.length));
  let winUnits = 0;
  for (let i = 0; i < spins; i++) {
    drawStops(source, stops);
    winUnits += evaluate(stops, detail);
    for (let k = 0; k < REEL_COUNT; k++) symbolCounts[k]![topRows[k]![stops[k]!]!]!++;
  }
  return { spins, winUnits, symbolCounts };
}
