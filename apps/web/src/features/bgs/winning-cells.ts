/** The round fields that decide which cells light up. */
type RoundWins = {
  window: string[][];
  lineWins: { line: number; count: number }[];
  scatterCount: number;
};

/**
 * Cells (`reel:row`) on a paying line, from reel 1 for as many reels as the win counts, plus
 * every scatter when the scatters paid (3 or more).
 */
export function winningCells(round: RoundWins, paylines: number[][]): Set<string> {
  const cells = new Set<string>();
  for (const win of round.lineWins) {
    const rows = paylines[win.line - 1] ?? [];
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${rows[reel]}`);
  }
  if (round.scatterCount >= 3) {
    round.window.forEach((reel, k) =>
      reel.forEach((symbol, row) => {
        if (symbol === 'SCATTER') cells.add(`${k}:${row}`);
      }),
    );
  }
  return cells;
}
