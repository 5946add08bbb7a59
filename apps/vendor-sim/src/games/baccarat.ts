import type { Rng } from './rng.js';

/** Sides of a baccarat bet. */
export const BACCARAT_SIDES = ['PLAYER', 'BANKER', 'TIE'] as const;
export type BaccaratSide = (typeof BACCARAT_SIDES)[number];

/** A card by rank 1 (ace) to 13 (king); suits do not matter to the rules. */
export type Card = number;

/** Suits in the shoe's order within a rank: spades, hearts, diamonds, clubs. */
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerPoints: number;
  bankerPoints: number;
  winner: BaccaratSide;
  /** The suit of each card as dealt from the shoe, for the table to show (rules ignore them). */
  suits?: { player: Suit[]; banker: Suit[] };
}

const DECKS = 8;

function points(cards: Card[]): number {
  return cards.reduce((sum, rank) => sum + (rank >= 10 ? 0 : rank), 0) % 10;
}

/** Whether the banker draws a third card, given its points and the player's third card. */
function bankerDraws(bankerPoints: number, playerThird: Card | undefined): boolean {
  if (playerThird === undefined) return bankerPoints <= 5;
  const third = playerThird >= 10 ? 0 : playerThird;
  switch (bankerPoints) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return third !== 8;
    case 4:
      return third >= 2 && third <= 7;
    case 5:
      return third >= 4 && third <= 7;
    case 6:
      return third === 6 || third === 7;
    default:
      return false;
  }
}

/**
 * Plays a hand by the punto banco tableau from `deal`, which hands out cards in order (player,
 * banker, player, banker, then third cards).
 */
export function playBaccarat(deal: () => Card): BaccaratHand {
  const player = [deal()];
  const banker = [deal()];
  player.push(deal());
  banker.push(deal());
  const natural = points(player) >= 8 || points(banker) >= 8;
  if (!natural) {
    if (points(player) <= 5) player.push(deal());
    if (bankerDraws(points(banker), player[2])) banker.push(deal());
  }
  const playerPoints = points(player);
  const bankerPoints = points(banker);
  const winner =
    playerPoints > bankerPoints ? 'PLAYER' : bankerPoints > playerPoints ? 'BANKER' : 'TIE';
  return { player, banker, playerPoints, bankerPoints, winner };
}

/**
 * Deals a hand from a freshly shuffled 8-deck shoe. The draw picks a card among those left; the
 * same pick within its rank names the suit, so the suits cost no draw of their own.
 */
export function dealBaccarat(rng: Rng): BaccaratHand {
  // Cards left of each rank and suit, so a hand never shows a ninth ace of spades.
  const left = Array.from({ length: 13 }, () => SUITS.map(() => DECKS));
  let total = DECKS * 52;
  const dealt: Suit[] = [];
  const hand = playBaccarat(() => {
    let pick = rng(total);
    let rank = 0;
    const inRank = (r: number) => left[r]!.reduce((sum, n) => sum + n, 0);
    while (pick >= inRank(rank)) pick -= inRank(rank++);
    let suit = 0;
    while (pick >= left[rank]![suit]!) pick -= left[rank]![suit++]!;
    left[rank]![suit]! -= 1;
    total -= 1;
    dealt.push(SUITS[suit]!);
    return rank + 1;
  });
  // Dealt in order player, banker, player, banker, then the player's and the banker's third.
  const playerThird = hand.player.length === 3 ? [dealt[4]!] : [];
  const bankerThird = hand.banker.length === 3 ? [dealt[4 + playerThird.length]!] : [];
  return {
    ...hand,
    suits: {
      player: [dealt[0]!, dealt[2]!, ...playerThird],
      banker: [dealt[1]!, dealt[3]!, ...bankerThird],
    },
  };
}

/**
 * Gross win of a `stake` on `side`: player pays 1 to 1, banker 0.95 to 1 (5% commission), tie
 * 8 to 1; player and banker stakes come back on a tie.
 */
export function baccaratPayout(side: BaccaratSide, stake: bigint, winner: BaccaratSide): bigint {
  if (side === winner) {
    switch (side) {
      case 'PLAYER':
        return stake * 2n;
      case 'BANKER':
        return stake + (stake * 95n) / 100n;
      case 'TIE':
        return stake * 9n;
    }
  }
  return winner === 'TIE' ? stake : 0n;
}
