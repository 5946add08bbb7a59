import { describe, expect, it } from 'vitest';
import { baccaratPayout, dealBaccarat, playBaccarat, type Card } from '../src/games/baccarat.js';
import { gameKindOf, vendorCodeOf } from '../src/games/catalog.js';
import { cockfightPayout, fightResult } from '../src/games/cockfight.js';
import { FISH, FISH_KINDS, shootFish } from '../src/games/fishing.js';
import { LUCKY_SEVENS, slotOutcome, spinSlot } from '../src/games/slot.js';

/** An Rng that answers the given draws in order. */
function sequence(...draws: number[]) {
  const queue = [...draws];
  return (max: number) => {
    const next = queue.shift();
    if (next === undefined || next >= max) throw new Error(`unexpected draw below ${max}`);
    return next;
  };
}

const deal = (...cards: Card[]) => {
  const queue = [...cards];
  return () => queue.shift() ?? 0;
};

const SLOT_REELS = LUCKY_SEVENS.reels;
const luckySevens = (stops: number[], bet: bigint) => slotOutcome(LUCKY_SEVENS, stops, bet);

describe('slot (Lucky Sevens)', () => {
  it('returns exactly the stated 95.06% over every stop combination', () => {
    let won = 0n;
    let spins = 0n;
    const [a, b, c] = SLOT_REELS.map((reel) => reel.length) as [number, number, number];
    for (let x = 0; x < a; x += 1)
      for (let y = 0; y < b; y += 1)
        for (let z = 0; z < c; z += 1) {
          won += luckySevens([x, y, z], 500n).win;
          spins += 1n;
        }
    expect(won * 12167n).toBe(500n * spins * 11566n);
  });

  it('pays three sevens on the middle line 500 line bets, one fifth of the stake each', () => {
    const stops = SLOT_REELS.map((reel) => (reel.indexOf('SEVEN') - 1 + reel.length) % reel.length);
    const outcome = luckySevens(stops, 1000n);
    expect(outcome.window[1]).toEqual(['SEVEN', 'SEVEN', 'SEVEN']);
    expect(outcome.winningLines).toContain(0);
    expect(outcome.win).toBe((1000n * 500n) / 5n);
  });

  it('adds up every winning line', () => {
    const outcome = luckySevens([2, 11, 9], 500n);
    expect(outcome.window.slice(1)).toEqual([
      ['CHERRY', 'CHERRY', 'CHERRY'],
      ['BELL', 'BELL', 'BELL'],
    ]);
    expect(outcome.winningLines).toEqual([0, 2]);
    // (8 + 50) line bets of 500 / 5.
    expect(outcome.win).toBe(5800n);
  });

  it('pays nothing when no line has three of a kind', () => {
    const outcome = luckySevens([0, 1, 2], 1000n);
    expect(outcome.winningLines).toEqual([]);
    expect(outcome.win).toBe(0n);
  });

  it('draws one stop per reel from the RNG', () => {
    const outcome = spinSlot(sequence(3, 4, 5), LUCKY_SEVENS, 100n);
    expect(outcome).toEqual(luckySevens([3, 4, 5], 100n));
  });
});

describe('fishing', () => {
  it('returns exactly 95% on every target over all RNG draws', () => {
    for (const fish of FISH_KINDS) {
      const draws = 100 * FISH[fish];
      let won = 0n;
      for (let draw = 0; draw < draws; draw += 1) won += shootFish(() => draw, fish, 100n).win;
      expect(won).toBe(BigInt(draws) * 95n);
    }
  });

  it('pays the fish multiplier on a catch and nothing when it gets away', () => {
    expect(shootFish(sequence(94), 'SHARK', 200n)).toEqual({
      fish: 'SHARK',
      caught: true,
      win: 6000n,
    });
    expect(shootFish(sequence(95), 'SHARK', 200n)).toEqual({
      fish: 'SHARK',
      caught: false,
      win: 0n,
    });
  });
});

describe('baccarat', () => {
  it('stands on a natural', () => {
    // Player 9 + K = 9, banker 5 + 2 = 7: nobody draws.
    const hand = playBaccarat(deal(9, 5, 13, 2, 1, 1));
    expect(hand).toMatchObject({ player: [9, 13], banker: [5, 2], winner: 'PLAYER' });
  });

  it('follows the tableau for the banker third card', () => {
    // Player 2+3 = 5 draws a 4 (9); banker 3+J = 3 draws (third card is not 8): 3+5 = 8.
    expect(playBaccarat(deal(2, 3, 3, 11, 4, 5))).toMatchObject({
      player: [2, 3, 4],
      banker: [3, 11, 5],
      playerPoints: 9,
      bankerPoints: 8,
      winner: 'PLAYER',
    });
    // Banker 3 stands when the player's third card is an 8.
    expect(playBaccarat(deal(2, 3, 3, 11, 8, 5)).banker).toEqual([3, 11]);
    // Banker 6 draws only on a player third card of 6 or 7; player 6 stands so banker 6 stands.
    expect(playBaccarat(deal(6, 6, 10, 10, 1)).banker).toEqual([6, 10]);
    // Player stands on 6, banker with 5 draws.
    expect(playBaccarat(deal(6, 5, 10, 10, 4))).toMatchObject({
      banker: [5, 10, 4],
      winner: 'BANKER',
    });
  });

  it('pays player 1:1, banker 0.95:1, tie 8:1 and returns player and banker stakes on a tie', () => {
    expect(baccaratPayout('PLAYER', 1000n, 'PLAYER')).toBe(2000n);
    expect(baccaratPayout('BANKER', 1000n, 'BANKER')).toBe(1950n);
    expect(baccaratPayout('TIE', 1000n, 'TIE')).toBe(9000n);
    expect(baccaratPayout('PLAYER', 1000n, 'TIE')).toBe(1000n);
    expect(baccaratPayout('BANKER', 1000n, 'TIE')).toBe(1000n);
    expect(baccaratPayout('PLAYER', 1000n, 'BANKER')).toBe(0n);
    expect(baccaratPayout('TIE', 1000n, 'PLAYER')).toBe(0n);
  });

  it('deals from a shuffled 8-deck shoe: 416 cards, 32 of each rank in rank order', () => {
    // Draw 415 of 416 is the last king; then draw 32 of the 415 left is the first two.
    const hand = dealBaccarat(sequence(415, 32, 0, 0, 0, 0));
    expect(hand).toMatchObject({
      player: [13, 1, 1],
      banker: [2, 1, 1],
      playerPoints: 2,
      bankerPoints: 4,
      winner: 'BANKER',
    });
    // Within a rank the shoe holds spades, hearts, diamonds, clubs: the last king is a club.
    expect(hand.suits).toEqual({ player: ['C', 'S', 'S'], banker: ['S', 'S', 'S'] });
  });

  it('names each suit 8 times a rank: the ninth draw of an ace is a heart', () => {
    const hand = dealBaccarat(sequence(8, 0, 0, 0, 0, 0));
    expect(hand.player[0]).toBe(1);
    expect(hand.suits?.player[0]).toBe('H');
  });
});

describe('cockfight', () => {
  it('draws meron, wala, draw and cancelled by their weights out of 1000', () => {
    expect(fightResult(sequence(0))).toBe('MERON');
    expect(fightResult(sequence(486))).toBe('MERON');
    expect(fightResult(sequence(487))).toBe('WALA');
    expect(fightResult(sequence(973))).toBe('WALA');
    expect(fightResult(sequence(974))).toBe('DRAW');
    expect(fightResult(sequence(993))).toBe('DRAW');
    expect(fightResult(sequence(994))).toBe('CANCELLED');
    expect(fightResult(sequence(999))).toBe('CANCELLED');
  });

  it('pays meron and wala 1.9 times, a draw bet 9 times, and returns side stakes on a draw', () => {
    expect(cockfightPayout('MERON', 1000n, 'MERON')).toBe(1900n);
    expect(cockfightPayout('WALA', 1000n, 'WALA')).toBe(1900n);
    expect(cockfightPayout('WALA', 1000n, 'MERON')).toBe(0n);
    expect(cockfightPayout('DRAW', 1000n, 'DRAW')).toBe(9000n);
    expect(cockfightPayout('MERON', 1000n, 'DRAW')).toBe(1000n);
    expect(cockfightPayout('DRAW', 1000n, 'WALA')).toBe(0n);
  });
});

describe('catalog', () => {
  it('reads the game kind and vendor from the demo game codes', () => {
    expect(gameKindOf('JDB-FISH-002')).toBe('fishing');
    expect(gameKindOf('PT-LIVE-001')).toBe('baccarat');
    expect(gameKindOf('DS88-COCKFIGHT-001')).toBe('cockfight');
    expect(gameKindOf('PG-RNG-030')).toBe('slot');
    expect(gameKindOf('JL-PVP-001')).toBe('slot');
    expect(vendorCodeOf('TCG_LOTTO_VN-ELOTT-001')).toBe('TCG_LOTTO_VN');
  });
});
