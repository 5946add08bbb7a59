import type { GameCategory } from '@app/shared';
import type { IconName } from '@/components/icon';

/** The icon that stands for each game category in menus and on the home page. */
export const categoryIcons: Record<GameCategory, IconName> = {
  ELOTT: 'lottery',
  LOTT: 'lottery',
  LIVE: 'live',
  SPORTS: 'sports',
  FISH: 'fish',
  RNG: 'slots',
  PVP: 'cards',
  ESPORTS: 'esports',
  COCKFIGHT: 'cockfight',
};
