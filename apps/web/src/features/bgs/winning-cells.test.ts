import { describe, expect, it } from 'vitest';
import { winningCells } from './winning-cells';

const paylines = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
];

describe('winning cells of a BGS round', () => {
  it('lights the paying reels of each winning line and paying scatters', () => {
    const window = [
      ['SCATTER', 'BAR', 'BAR'],
      ['WILD', 'BAR', 'SCATTER'],
      ['SCATTER', 'BAR', 'LEMON'],
      ['CHERRY', 'GRAPE', 'LEMON'],
      ['CHERRY', 'GRAPE', 'LEMON'],
    ];
    const sut = winningCells(
      {
        window,
        lineWins: [
          { line: 1, count: 3 },
          { line: 4, count: 3 },
        ],
        scatterCount: 3,
      },
      paylines,
    );
    expect([...sut].sort()).toEqual(['0:0', '0:1', '1:1', '1:2', '2:0', '2:1', '2:2'].sort());
  });

  it('lights nothing for two scatters and no line', () => {
    const window = Array.from({ length: 5 }, (_, k) =>
      k < 2 ? ['SCATTER', 'BAR', 'BELL'] : ['BAR', 'BELL', 'LEMON'],
    );
    expect(winningCells({ window, lineWins: [], scatterCount: 2 }, paylines).size).toBe(0);
  });
});
