import {
  LINE_PAYS,
  PAYLINES,
  REEL_COUNT,
  REELS,
  ROW_COUNT,
  SCATTER_PAYS,
  SYMBOLS,
  type SlotSymbol,
} from './config.js';

/** A stream of uniform 32-bit unsigned integers: the HMAC stream in play, a fast PRNG in tests. */
export interface Uint32Source {
  nextUint32(): number;
}

export const LINE_COUNT = PAYLINES.length;
const CELLS = REEL_COUNT * ROW_COUNT;
const WILD = SYMBOLS.indexOf('WILD');
const SCATTER = SYMBOLS.indexOf('SCATTER');

/** Reel lengths: a stop on reel k is uniform in [0, REEL_LENGTHS[k]). */
export const REEL_LENGTHS: readonly number[] = REELS.map((reel) => reel.length);

// The configuration compiled to typed arrays once, so evaluating a spin allocates nothing.
// Each strip is extended by ROW_COUNT - 1 symbols so a window never needs a modulo.
const strips = REELS.map((reel) => {
  const strip = new Uint8Array(reel.length + ROW_COUNT - 1);
  for (let i = 0; i < strip.length; i++) strip[i] = SYMBOLS.indexOf(reel[i % reel.length]!);
  return strip;
});
/** Window cell (reel * ROW_COUNT + row) that payline l crosses on reel k, at l * REEL_COUNT + k. */
const lineCells = Uint8Array.from(
  PAYLINES.flatMap((rows) => rows.map((row, reel) => reel * ROW_COUNT + row)),
);
/** Line pay in line-bet units of symbol s for n in a row, at s * 6 + n. */
const linePays = new Int32Array(SYMBOLS.length * 6);
for (const [symbol, pays] of Object.entries(LINE_PAYS)) {
  const s = SYMBOLS.indexOf(symbol as SlotSymbol);
  pays.forEach((pay, i) => (linePays[s * 6 + 3 + i] = pay));
}
/** Scatter pay in line-bet units (the total bet is LINE_COUNT line bets) for n scatters. */
const scatterPays = new Int32Array(REEL_COUNT * ROW_COUNT + 1);
SCATTER_PAYS.forEach((pay, i) => (scatterPays[3 + i] = pay * LINE_COUNT));

const window = new Uint8Array(CELLS);

/** Slots of the evaluation detail buffer: per line (pay, symbol, count), then the scatter count. */
export const DETAIL_LENGTH = LINE_COUNT * 3 + 1;

/** 2^32 - (2^32 mod n) per reel: 32-bit draws at or above it would favour low stops. */
const acceptBelow = REEL_LENGTHS.map((n) => 0x1_0000_0000 - (0x1_0000_0000 % n));

/**
 * A uniform integer in [0, n) without modulo bias: a 32-bit draw u is kept when u < limit (the
 * largest multiple of n that fits) and gives u mod n; otherwise the next draw is taken. The
 * remainder is written with a division because % on values above 2^31 is a slow float path.
 */
export function uniformBelow(source: Uint32Source, n: number, limit: number): number {
  for (;;) {
    const u = source.nextUint32();
    if (u < limit) return u - Math.floor(u / n) * n;
  }
}

/** Draws the five reel stops, reel 1 first, into stops. */
export function drawStops(source: Uint32Source, stops: Int32Array): void {
  for (let k = 0; k < REEL_COUNT; k++) {
    stops[k] = uniformBelow(source, REEL_LENGTHS[k]!, acceptBelow[k]!);
  }
}

/**
 * Evaluates the window shown by stops: returns the total win in line-bet units (line wins plus
 * scatter win) and writes each line's (pay, symbol index, count) and the scatter count into
 * detail (DETAIL_LENGTH slots). The only evaluation code: play, verification, simulation and
 * the exact RTP enumeration all call it.
 */
export function evaluate(stops: Int32Array, detail: Int32Array): number {
  let scatters = 0;
  for (let k = 0; k < REEL_COUNT; k++) {
    const strip = strips[k]!;
    const stop = stops[k]!;
    for (let r = 0; r < ROW_COUNT; r++) {
      const symbol = strip[stop + r]!;
      window[k * ROW_COUNT + r] = symbol;
      if (symbol === SCATTER) scatters++;
    }
  }
  let total = 0;
  for (let l = 0; l < LINE_COUNT; l++) {
    const base = l * REEL_COUNT;
    let wilds = 0;
    while (wilds < REEL_COUNT && window[lineCells[base + wilds]!] === WILD) wilds++;
    let pay = linePays[WILD * 6 + wilds]!;
    let symbol = WILD;
    let count = wilds;
    if (wilds < REEL_COUNT) {
      const target = window[lineCells[base + wilds]!]!;
      if (target !== SCATTER) {
        let run = wilds + 1;
        while (run < REEL_COUNT) {
          const next = window[lineCells[base + run]!];
          if (next !== target && next !== WILD) break;
          run++;
        }
        const targetPay = linePays[target * 6 + run]!;
        if (targetPay > pay) {
          pay = targetPay;
          symbol = target;
          count = run;
        }
      }
    }
    detail[l * 3] = pay;
    detail[l * 3 + 1] = symbol;
    detail[l * 3 + 2] = count;
    total += pay;
  }
  detail[LINE_COUNT * 3] = scatters;
  return total + scatterPays[scatters]!;
}

export interface LineWin {
  /** Payline number, 1 to 20. */
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** Pay in multiples of the line bet. */
  multiplier: number;
}

export interface SpinOutcome {
  stops: number[];
  /** Symbols shown, window[reel][row]. */
  window: SlotSymbol[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** Scatter pay in multiples of the total bet (0 below 3 scatters). */
  scatterMultiplier: number;
  /** Total win in multiples of the line bet. */
  winUnits: number;
}

/** Draws and evaluates one spin, with the readable detail a round record keeps. */
export function spinOutcome(source: Uint32Source): SpinOutcome {
  const stops = new Int32Array(REEL_COUNT);
  const detail = new Int32Array(DETAIL_LENGTH);
  drawStops(source, stops);
  const winUnits = evaluate(stops, detail);
  const lineWins: LineWin[] = [];
  for (let l = 0; l < LINE_COUNT; l++) {
    if (detail[l * 3]! > 0) {
      lineWins.push({
        line: l + 1,
        symbol: SYMBOLS[detail[l * 3 + 1]!]!,
        count: detail[l * 3 + 2]!,
        multiplier: detail[l * 3]!,
      });
    }
  }
  const scatterCount = detail[LINE_COUNT * 3]!;
  return {
    stops: Array.from(stops),
    window: REELS.map((reel, k) =>
      Array.from({ length: ROW_COUNT }, (_, r) => reel[(stops[k]! + r) % reel.length]!),
    ),
    lineWins,
    scatterCount,
    scatterMultiplier: scatterCount >= 3 ? SCATTER_PAYS[scatterCount - 3]! : 0,
    winUnits,
  };
}
