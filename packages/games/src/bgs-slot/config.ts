/**
 * The BGS slot's published configuration: symbols, reel strips, paylines, paytable and bet
 * levels. docs/games/bgs-slot.md states the theoretical RTP of exactly this configuration; the
 * exact enumeration test (stats.test.ts) fails if one of them changes without the other.
 */

export const SYMBOLS = [
  'WILD',
  'SCATTER',
  'SEVEN',
  'BAR',
  'BELL',
  'MELON',
  'GRAPE',
  'ORANGE',
  'LEMON',
  'CHERRY',
] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

export const REEL_COUNT = 5;
export const ROW_COUNT = 3;

/**
 * Reel strips, read top to bottom and wrapping around. A stop position s shows the symbols at
 * s, s+1 and s+2 in rows 0 (top), 1 and 2. Scatters sit at least 3 apart, so a reel shows at
 * most one.
 */
export const REELS: readonly (readonly SlotSymbol[])[] = [
  // reel 1
  [
    'MELON',
    'LEMON',
    'BAR',
    'ORANGE',
    'BELL',
    'CHERRY',
    'GRAPE',
    'LEMON',
    'SEVEN',
    'SCATTER',
    'ORANGE',
    'MELON',
    'CHERRY',
    'BELL',
    'GRAPE',
    'LEMON',
    'BAR',
    'ORANGE',
    'CHERRY',
    'WILD',
    'MELON',
    'GRAPE',
    'BELL',
    'CHERRY',
    'LEMON',
    'SEVEN',
    'SCATTER',
    'ORANGE',
    'GRAPE',
    'CHERRY',
  ],
  // reel 2
  [
    'BELL',
    'WILD',
    'GRAPE',
    'BAR',
    'LEMON',
    'MELON',
    'ORANGE',
    'CHERRY',
    'SEVEN',
    'GRAPE',
    'LEMON',
    'ORANGE',
    'SCATTER',
    'BELL',
    'WILD',
    'MELON',
    'CHERRY',
    'GRAPE',
    'BAR',
    'LEMON',
    'ORANGE',
    'SEVEN',
    'BELL',
    'WILD',
    'MELON',
    'CHERRY',
    'GRAPE',
    'LEMON',
    'SCATTER',
    'ORANGE',
  ],
  // reel 3
  [
    'BELL',
    'ORANGE',
    'MELON',
    'GRAPE',
    'CHERRY',
    'WILD',
    'LEMON',
    'SEVEN',
    'ORANGE',
    'BELL',
    'GRAPE',
    'SCATTER',
    'MELON',
    'BAR',
    'LEMON',
    'CHERRY',
    'ORANGE',
    'WILD',
    'GRAPE',
    'BELL',
    'MELON',
    'LEMON',
    'SEVEN',
    'ORANGE',
    'CHERRY',
    'GRAPE',
    'WILD',
    'SCATTER',
    'BAR',
    'LEMON',
  ],
  // reel 4
  [
    'GRAPE',
    'BELL',
    'LEMON',
    'CHERRY',
    'SCATTER',
    'ORANGE',
    'MELON',
    'SEVEN',
    'WILD',
    'GRAPE',
    'LEMON',
    'BELL',
    'CHERRY',
    'BAR',
    'ORANGE',
    'MELON',
    'GRAPE',
    'LEMON',
    'WILD',
    'SCATTER',
    'ORANGE',
    'SEVEN',
    'BELL',
    'CHERRY',
    'GRAPE',
    'LEMON',
    'MELON',
    'BAR',
    'ORANGE',
    'WILD',
  ],
  // reel 5
  [
    'ORANGE',
    'SCATTER',
    'GRAPE',
    'LEMON',
    'MELON',
    'SEVEN',
    'BELL',
    'WILD',
    'CHERRY',
    'ORANGE',
    'BAR',
    'LEMON',
    'GRAPE',
    'MELON',
    'BELL',
    'ORANGE',
    'WILD',
    'SCATTER',
    'LEMON',
    'CHERRY',
    'GRAPE',
    'SEVEN',
    'MELON',
    'ORANGE',
    'BAR',
    'LEMON',
    'GRAPE',
    'BELL',
    'WILD',
    'CHERRY',
  ],
];

/** Twenty fixed paylines: the row (0 top, 1 middle, 2 bottom) the line crosses on each reel. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

/**
 * Line pays in multiples of the line bet for 3, 4 and 5 of a kind from the leftmost reel.
 * WILD stands for every symbol but SCATTER; a line pays the better of its wild run and its run
 * of the first other symbol.
 */
export const LINE_PAYS: Readonly<
  Record<Exclude<SlotSymbol, 'SCATTER'>, readonly [number, number, number]>
> = {
  WILD: [50, 250, 1000],
  SEVEN: [25, 100, 500],
  BAR: [20, 75, 250],
  BELL: [15, 50, 150],
  MELON: [10, 30, 100],
  GRAPE: [8, 25, 80],
  ORANGE: [5, 15, 50],
  LEMON: [5, 10, 40],
  CHERRY: [3, 10, 30],
};

/** Scatter pays in multiples of the total bet for 3, 4 and 5 scatters anywhere in the window. */
export const SCATTER_PAYS: readonly [number, number, number] = [2, 12, 60];

/**
 * Line bets a member may choose, in minor units (centavos); the total bet is the line bet times
 * the 20 lines, from 0.20 to 100.00.
 */
export const LINE_BETS: readonly number[] = [1, 2, 5, 10, 25, 50, 100, 250, 500];
