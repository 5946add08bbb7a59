import { prizeMode, type GameMenuCategory } from '@app/shared';

/** The lottery areas of the lottery pages: /lottery, /seaLottery, /vnLottery. */
export type LotteryArea = 'LOTT' | 'SEA' | 'VN';

/** The prize modes the SPEC has seen (section 4): LOTT, ZY, ELOTT, SEA. */
export type LotteryPrizeMode = 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';

/**
 * The prize mode a lottery page opens its games with (SPEC section 4, "Prize mode", and the VN
 * lottery menu and lottery launch parameters of section 7): the Southeast Asia lottery plays its
 * own SEA prizes; the other pages ELOTT when the lottery categories of the game menus list a
 * TCG_LOTTO_VN or LOTT vendor, else LOTT. Null while the menus are not loaded.
 */
export function lotteryPrizeMode(
  area: LotteryArea,
  menus: readonly GameMenuCategory[] | undefined,
): LotteryPrizeMode | null {
  if (area === 'SEA') return 'SEA';
  if (!menus) return null;
  return prizeMode(menus);
}
