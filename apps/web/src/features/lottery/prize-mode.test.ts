import type { GameMenus } from '@app/shared';
import { describe, expect, it } from 'vitest';
import en from '@/locales/lottery/en.json';
import tl from '@/locales/lottery/tl.json';
import { lotteryPrizeMode } from './prize-mode';

const vendor = (vassalage: string, gameType: 'ELOTT' | 'LOTT' | 'RNG') => ({
  displayName: vassalage,
  vassalage,
  gameType,
  maintenance: false,
  logoUrl: '',
});

const withVn: GameMenus = [{ gameCategory: 'ELOTT', vendors: [vendor('TCG_LOTTO_VN', 'ELOTT')] }];
const seaOnly: GameMenus = [{ gameCategory: 'LOTT', vendors: [vendor('TCG_SEA', 'LOTT')] }];

describe('lottery prize mode', () => {
  it('follows the lottery vendors of the menus on /lottery and /vnLottery', () => {
    expect(lotteryPrizeMode('VN', withVn)).toBe('ELOTT');
    expect(lotteryPrizeMode('LOTT', withVn)).toBe('ELOTT');
    expect(lotteryPrizeMode('LOTT', seaOnly)).toBe('LOTT');
    expect(lotteryPrizeMode('VN', [])).toBe('LOTT');
  });

  it('is SEA on /seaLottery, and unknown until the menus load elsewhere', () => {
    expect(lotteryPrizeMode('SEA', withVn)).toBe('SEA');
    expect(lotteryPrizeMode('SEA', undefined)).toBe('SEA');
    expect(lotteryPrizeMode('LOTT', undefined)).toBeNull();
  });

  it('has an English and a Tagalog name for every mode', () => {
    const modes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
    for (const mode of modes) {
      expect(en.prizeMode.modes[mode]).toContain(mode);
      expect(tl.prizeMode.modes[mode]).toContain(mode);
      expect(tl.prizeMode.modes[mode]).not.toBe(en.prizeMode.modes[mode]);
    }
  });
});
