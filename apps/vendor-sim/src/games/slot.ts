import type { Rng } from './rng.js';

/**
 * A slot the sim deals: its symbols from the most to the least valuable, one reel strip per reel
 * (3 rows shown), the paylines and what a line of n of a kind from the leftmost reel pays.
 */
export interface SlotVariant {
  theme: SlotTheme;
  symbols: readonly string[];
  reels: readonly (readonly string[])[];
  /** Rows each line reads, one row index per reel. */
  lines: readonly (readonly number[])[];
  /** pays[symbol][n - 3]: line bets paid by n of a kind from reel 1 (n from 3 to the reels). */
  pays: Readonly<Record<string, readonly number[]>>;
}

export const SLOT_THEMES = ['sevens', 'fruits', 'gems', 'dragons', 'ocean'] as const;
export type SlotTheme = (typeof SLOT_THEMES)[number];

export const SLOT_ROWS = 3;

/**
 * One strip: `counts[i]` of symbol i, interleaved by stepping `order` places at a time (order
 * prime to the length) so equal symbols are spread along the reel instead of standing in a block.
 */
function strip(symbols: readonly string[], counts: readonly number[], order: number): string[] {
  const all = symbols.flatMap((symbol, i) => Array.from({ length: counts[i]! }, () => symbol));
  return all.map((_, i) => all[(i * order) % all.length]!);
}

function variant(
  theme: SlotTheme,
  symbols: readonly string[],
  counts: readonly number[],
  orders: readonly number[],
  lines: readonly (readonly number[])[],
  pays: readonly (readonly number[])[],
): SlotVariant {
  return {
    theme,
    symbols,
    reels: orders.map((order) => strip(symbols, counts, order)),
    lines,
    pays: Object.fromEntries(symbols.map((symbol, i) => [symbol, pays[i]!])),
  };
}

const LINES_3: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

const LINES_4: readonly (readonly number[])[] = [
  [1, 1, 1, 1],
  [0, 0, 0, 0],
  [2, 2, 2, 2],
  [0, 1, 1, 0],
  [2, 1, 1, 2],
  [1, 0, 0, 1],
  [1, 2, 2, 1],
  [0, 1, 2, 2],
  [2, 1, 0, 0],
  [1, 0, 1, 2],
];

const LINES_5: readonly (readonly number[])[] = [
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
 * The sim's slots. Every line sees one uniformly drawn stop per reel, so a variant's return is
 * the expected pay of one line in line bets (slotRtp computes it exactly, the tests check it
 * against every stop combination):
 * - sevens, Lucky Sevens: 3x3, 5 lines, 23 stops, 11566 / 12167 = 95.06%;
 * - fruits: 3x3, 5 lines, 23 stops, 11616 / 12167 = 95.47%;
 * - gems: 5x3, 10 lines, 18 stops, 95.05%;
 * - dragons: 5x3, 20 lines, 17 stops, 96.34%;
 * - ocean: 4x3, 10 lines, 18 stops, 96.73%.
 */
export const SLOT_VARIANTS: Record<SlotTheme, SlotVariant> = {
  sevens: variant(
    'sevens',
    ['SEVEN', 'BAR', 'BELL', 'PLUM', 'LEMON', 'CHERRY'],
    [1, 2, 3, 4, 5, 8],
    [7, 11, 13],
    LINES_3,
    [[500], [150], [50], [30], [20], [8]],
  ),
  fruits: variant(
    'fruits',
    ['MELON', 'GRAPE', 'STRAWBERRY', 'ORANGE', 'LEMON', 'CHERRY'],
    [1, 2, 3, 4, 5, 8],
    [5, 9, 17],
    LINES_3,
    [[450], [160], [60], [30], [18], [8]],
  ),
  gems: variant(
    'gems',
    ['DIAMOND', 'RUBY', 'EMERALD', 'SAPPHIRE', 'AMETHYST', 'TOPAZ'],
    [1, 2, 3, 3, 4, 5],
    [5, 7, 11, 13, 17],
    LINES_5.slice(0, 10),
    [
      [60, 300, 1200],
      [40, 120, 500],
      [25, 80, 250],
      [20, 50, 150],
      [12, 30, 100],
      [9, 24, 60],
    ],
  ),
  dragons: variant(
    'dragons',
    ['DRAGON', 'INGOT', 'LANTERN', 'JADE', 'COIN', 'FAN'],
    [1, 2, 2, 3, 4, 5],
    [3, 5, 7, 11, 13],
    LINES_5,
    [
      [60, 300, 2000],
      [35, 150, 500],
      [25, 80, 250],
      [18, 60, 150],
      [12, 30, 90],
      [10, 20, 50],
    ],
  ),
  ocean: variant(
    'ocean',
    ['CHEST', 'PEARL', 'ANCHOR', 'FISH', 'STARFISH', 'SHELL'],
    [1, 2, 3, 3, 4, 5],
    [5, 7, 11, 13],
    LINES_4,
    [
      [100, 500],
      [45, 200],
      [30, 100],
      [20, 80],
      [15, 40],
      [10, 25],
    ],
  ),
};

/** The classic slot, as every slot code played before variants existed. */
export const LUCKY_SEVENS = SLOT_VARIANTS.sevens;

/** A winning line: its index into the variant's lines, the symbol and how many in a row. */
export interface LineWin {
  line: number;
  symbol: string;
  count: number;
}

export interface SlotOutcome {
  /** window[row][reel] */
  window: string[][];
  /** The top row's position on each reel. */
  stops: number[];
  /** Indexes into the variant's lines of the winning lines. */
  winningLines: number[];
  lineWins: LineWin[];
  /** Gross win in minor units (0 on a loss). */
  win: bigint;
}

/** What one line of `symbols` (one per reel, left to right) pays, in line bets. */
export function linePay(
  slot: SlotVariant,
  symbols: readonly string[],
): { count: number; pay: number } {
  const first = symbols[0]!;
  let count = 1;
  while (count < symbols.length && symbols[count] === first) count += 1;
  return { count, pay: count >= 3 ? (slot.pays[first]?.[count - 3] ?? 0) : 0 };
}

/** The outcome of reels stopped at `stops` (the top row's position on each reel). */
export function slotOutcome(slot: SlotVariant, stops: readonly number[], bet: bigint): SlotOutcome {
  const window = Array.from({ length: SLOT_ROWS }, (_, row) =>
    slot.reels.map((reel, r) => reel[((stops[r] ?? 0) + row) % reel.length]!),
  );
  const winningLines: number[] = [];
  const lineWins: LineWin[] = [];
  let lineBets = 0;
  slot.lines.forEach((rows, index) => {
    const symbols = rows.map((row, reel) => window[row]![reel]!);
    const { count, pay } = linePay(slot, symbols);
    if (pay > 0) {
      winningLines.push(index);
      lineWins.push({ line: index, symbol: symbols[0]!, count });
      lineBets += pay;
    }
  });
  return {
    window,
    stops: slot.reels.map((reel, r) => (stops[r] ?? 0) % reel.length),
    winningLines,
    lineWins,
    win: (bet * BigInt(lineBets)) / BigInt(slot.lines.length),
  };
}

/** One spin: every reel stops at a uniformly drawn position. */
export function spinSlot(rng: Rng, slot: SlotVariant, bet: bigint): SlotOutcome {
  return slotOutcome(
    slot,
    slot.reels.map((reel) => rng(reel.length)),
    bet,
  );
}

/**
 * The exact return to player as a fraction: the expected pay of one line in line bets, from the
 * strips' symbol counts (reels are independent; a run of n pays when reel n + 1 breaks it).
 */
export function slotRtp(slot: SlotVariant): { numerator: bigint; denominator: bigint } {
  const lengths = slot.reels.map((reel) => BigInt(reel.length));
  const denominator = lengths.reduce((a, b) => a * b, 1n);
  let numerator = 0n;
  for (const symbol of slot.symbols) {
    const counts = slot.reels.map((reel) => BigInt(reel.filter((s) => s === symbol).length));
    (slot.pays[symbol] ?? []).forEach((pay, i) => {
      const n = i + 3;
      // Lines whose first n symbols are `symbol` and whose next (if any) is not.
      let ways = 1n;
      for (let r = 0; r < lengths.length; r += 1) {
        if (r < n) ways *= counts[r]!;
        else if (r === n) ways *= lengths[r]! - counts[r]!;
        else ways *= lengths[r]!;
      }
      numerator += ways * BigInt(pay);
    });
  }
  return { numerator, denominator };
}
