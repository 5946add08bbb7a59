import { describe, expect, it } from 'vitest';
import { prizeMode } from './catalogue.js';
import type { GameMenus } from './menus.js';

const vendor = (vassalage: string, gameType: 'ELOTT' | 'LOTT' | 'RNG') => ({
  displayName: vassalage,
  vassalage,
  gameType,
  maintenance: false,
  logoUrl: '',
});

describe('prize mode', () => {
  it('is ELOTT when a lottery category lists TCG_LOTTO_VN or LOTT, else LOTT', () => {
    const withVn: GameMenus = [
      { gameCategory: 'ELOTT', vendors: [vendor('TCG_LOTTO_VN', 'ELOTT')] },
    ];
    const withLott: GameMenus = [{ gameCategory: 'LOTT', vendors: [vendor('LOTT', 'LOTT')] }];
    const seaOnly: GameMenus = [
      { gameCategory: 'LOTT', vendors: [vendor('TCG_SEA', 'LOTT')] },
      // A slot vendor that happens to be called LOTT elsewhere does not count.
      { gameCategory: 'RNG', vendors: [vendor('LOTT', 'RNG')] },
    ];
    expect(prizeMode(withVn)).toBe('ELOTT');
    expect(prizeMode(withLott)).toBe('ELOTT');
    expect(prizeMode(seaOnly)).toBe('LOTT');
    expect(prizeMode([])).toBe('LOTT');
  });
});
