import { SLOT_ART } from '@app/games/slot-art';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE, demoGameCode } from '../../server/src/db/seed/demo-catalogue.js';
import { gameKindOf } from '../src/games/catalog.js';
import {
  linePay,
  SLOT_THEMES,
  SLOT_VARIANTS,
  slotOutcome,
  slotRtp,
  spinSlot,
  type SlotVariant,
} from '../src/games/slot.js';
import { slotGameOf } from '../src/games/slot-catalog.js';
import { gameTexts } from '../src/pages/texts.js';

/** Every game code of the demo catalogue with its EN name, as the seed makes them. */
const DEMO_GAMES = DEMO_CATALOGUE.flatMap((entry) =>
  entry.vendors.flatMap((vendor) => {
    let n = 0;
    return vendor.games.map((game) => {
      if (!game.lobby) n += 1;
      return {
        vendor: vendor.code,
        category: entry.category,
        code: demoGameCode(vendor.code, entry.category, n, game.lobby),
        name: typeof game.name === 'string' ? game.name : game.name.EN,
        lobby: Boolean(game.lobby),
      };
    });
  }),
);

/** Slot games of the demo the sim plays (BGS is the platform's own slot, not the sim's). */
const DEMO_SLOTS = DEMO_GAMES.filter(
  (game) => game.category === 'RNG' && game.vendor !== 'BGS' && !game.lobby,
);

/** The exact return, by playing every combination of stops a line can see. */
function enumeratedRtp(slot: SlotVariant): { numerator: bigint; denominator: bigint } {
  const lengths = slot.reels.map((reel) => reel.length);
  const symbols = lengths.map(() => '');
  let numerator = 0n;
  let denominator = 0n;
  const walk = (reel: number) => {
    if (reel === lengths.length) {
      numerator += BigInt(linePay(slot, symbols).pay);
      denominator += 1n;
      return;
    }
    for (const symbol of slot.reels[reel]!) {
      symbols[reel] = symbol;
      walk(reel + 1);
    }
  };
  walk(0);
  return { numerator, denominator };
}

describe('slot variants', () => {
  it.each(SLOT_THEMES)('%s returns between 94% and 97%, computed exactly', (theme) => {
    const slot = SLOT_VARIANTS[theme];
    const exact = slotRtp(slot);
    const played = enumeratedRtp(slot);
    // The formula from symbol counts and the play of every line agree to the last unit.
    expect(played.numerator * exact.denominator).toBe(exact.numerator * played.denominator);
    expect(exact.numerator * 100n).toBeGreaterThanOrEqual(94n * exact.denominator);
    expect(exact.numerator * 100n).toBeLessThanOrEqual(97n * exact.denominator);
  });

  it('keeps Lucky Sevens at its stated 11566 / 12167', () => {
    expect(slotRtp(SLOT_VARIANTS.sevens)).toEqual({ numerator: 11566n, denominator: 12167n });
  });

  it('pays on 3x3 slots what every stop combination adds up to, line bets times the stake', () => {
    for (const slot of [SLOT_VARIANTS.sevens, SLOT_VARIANTS.fruits]) {
      const [a, b, c] = slot.reels.map((reel) => reel.length) as [number, number, number];
      let won = 0n;
      for (let x = 0; x < a; x += 1)
        for (let y = 0; y < b; y += 1)
          for (let z = 0; z < c; z += 1) won += slotOutcome(slot, [x, y, z], 500n).win;
      const { numerator, denominator } = slotRtp(slot);
      // Each of the 5 lines returns the RTP of its 100 line bet on average.
      expect(won * denominator).toBe(500n * BigInt(a * b * c) * numerator);
    }
  });

  it('gives each theme its own symbols, pictures and layout', () => {
    const layouts = new Set<string>();
    const symbolSets = new Set<string>();
    for (const theme of SLOT_THEMES) {
      const slot = SLOT_VARIANTS[theme];
      layouts.add(`${slot.reels.length}x3/${slot.lines.length}`);
      symbolSets.add([...slot.symbols].sort().join());
      for (const symbol of slot.symbols) {
        expect(SLOT_ART[symbol], symbol).toBeTruthy();
        expect(gameTexts('slot', 'EN').symbols[symbol], symbol).toBeTruthy();
        expect(gameTexts('slot', 'TL').symbols[symbol], symbol).toBeTruthy();
      }
      // Every line reads one row per reel, and a stake of PHP 1 splits into whole line bets.
      for (const line of slot.lines) expect(line).toHaveLength(slot.reels.length);
      expect(new Set(slot.lines.map(String)).size).toBe(slot.lines.length);
      expect(100 % slot.lines.length).toBe(0);
    }
    expect(symbolSets.size).toBe(SLOT_THEMES.length);
    expect(layouts.size).toBeGreaterThanOrEqual(4);
  });

  it('pays five dragons on the middle line of the 5x3 slot 2000 line bets', () => {
    const slot = SLOT_VARIANTS.dragons;
    const stops = slot.reels.map(
      (reel) => (reel.indexOf('DRAGON') - 1 + reel.length) % reel.length,
    );
    const outcome = slotOutcome(slot, stops, 2000n);
    expect(outcome.window[1]).toEqual(Array(5).fill('DRAGON'));
    expect(outcome.lineWins).toContainEqual({ line: 0, symbol: 'DRAGON', count: 5 });
    expect(outcome.stops).toEqual(stops);
    // 2000 line bets of 2000 / 20 lines, plus whatever other lines won.
    expect(outcome.win).toBeGreaterThanOrEqual(200_000n);
  });

  it('draws one stop per reel of the variant', () => {
    const slot = SLOT_VARIANTS.gems;
    const draws = [1, 2, 3, 4, 5];
    const outcome = spinSlot(() => draws.shift()!, slot, 1000n);
    expect(outcome).toEqual(slotOutcome(slot, [1, 2, 3, 4, 5], 1000n));
    expect(draws).toEqual([]);
  });
});

describe('slot games by game code', () => {
  it('plays every demo slot under its catalogue name', () => {
    expect(DEMO_SLOTS.length).toBeGreaterThan(40);
    for (const game of DEMO_SLOTS) {
      expect(gameKindOf(game.code)).toBe('slot');
      expect(slotGameOf(game.code).name, game.code).toBe(game.name);
    }
  });

  it('gives every code the sim plays as a slot a variant, the same one every time', () => {
    const slotCodes = DEMO_GAMES.filter((game) => gameKindOf(game.code) === 'slot');
    const themes = new Set<string>();
    for (const { code } of slotCodes) {
      const game = slotGameOf(code);
      expect(SLOT_VARIANTS[game.variant.theme]).toBe(game.variant);
      expect(slotGameOf(code)).toEqual(game);
      themes.add(game.variant.theme);
    }
    expect(themes).toEqual(new Set(SLOT_THEMES));
  });

  it('derives a theme for a code it does not list, spread over the themes', () => {
    const codes = Array.from({ length: 40 }, (_, n) => `XX-RNG-${100 + n}`);
    const themes = codes.map((code) => slotGameOf(code).variant.theme);
    expect(codes.map((code) => slotGameOf(code).variant.theme)).toEqual(themes);
    expect(slotGameOf('XX-RNG-100').name).toBeNull();
    expect(new Set(themes).size).toBe(SLOT_THEMES.length);
  });
});
