import type { Rng } from './rng.js';

/** Symbols of the sim's 3x3 slot, from the most to the least valuable. */
export const SLOT_SYMBOLS = ['SEVEN', 'BAR', 'BELL', 'PLUM', 'LEMON', 'CHERRY'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** Three of a kind on a line pays this many line bets (a line bet is the total bet / 5). */
export const SLOT_PAYTABLE: Record<SlotSymbol, number> = {
  SEVEN: 500,
  BAR: 150,
  BELL: 50,
  PLUM: 30,
  LEMON: 20,
  CHERRY: 8,
};

function strip(counts: Record<SlotSymbol, number>, order: number): SlotSymbol[] {
  const symbols = SLOT_SYMBOLS.flatMap((symbol) =>
    Array.from({ length: counts[symbol] }, () => symbol),
  );
  // Interleave so equal symbols are spread along the reel instead of standing in a block.
  return symbols.map((_, i) => symbols[(i * order) % symbols.length]!);
}

/**
 * Reel strips: the same 23 symbols on each reel, spread differently. Each line sees one uniform
 * stop per reel, so the RTP is sum(count^3 * pay) / 23^3 = 11566 / 12167 = 95.06%.
 */
export const SLOT_REELS: readonly SlotSymbol[][] = [7, 11, 13].map((order) =>
  strip({ SEVEN: 1, BAR: 2, BELL: 3, PLUM: 4, LEMON: 5, CHERRY: 8 }, order),
);

/** Rows of the window each line reads, one row index per reel: the 3 rows and 2 diagonals. */
export const SLOT_LINES: readonly [number, number, number][] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

export interface SlotOutcome {
  /** window[row][reel] */
  window: SlotSymbol[][];
  /** Indexes into SLOT_LINES of the winning lines. */
  winningLines: number[];
  /** Gross win in minor units (0 on a loss). */
  win: bigint;
}

/** The outcome of reels stopped at `stops` (the top row's position on each reel). */
export function slotOutcome(stops: readonly number[], bet: bigint): SlotOutcome {
  const window = [0, 1, 2].map((row) =>
    SLOT_REELS.map((reel, r) => reel[((stops[r] ?? 0) + row) % reel.length]!),
  );
  const winningLines: number[] = [];
  let lineBets = 0;
  SLOT_LINES.forEach((rows, index) => {
    const [a, b, c] = rows.map((row, reel) => window[row]![reel]!);
    if (a === b && b === c) {
      winningLines.push(index);
      lineBets += SLOT_PAYTABLE[a!];
    }
  });
  return { window, winningLines, win: (bet * BigInt(lineBets)) / BigInt(SLOT_LINES.length) };
}

/** One spin: every reel stops at a uniformly drawn position. */
export function spinSlot(rng: Rng, bet: bigint): SlotOutcome {
  return slotOutcome(
    SLOT_REELS.map((reel) => rng(reel.length)),
    bet,
  );
}
