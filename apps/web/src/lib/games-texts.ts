import i18n from 'i18next';
import type { TFunction } from 'i18next';
import { useNamespaceT } from '@/lib/namespace-t';
import en from '@/locales/games/en.json';
import tl from '@/locales/games/tl.json';

// The game pages' texts (lists, tiles, home rows, launch, betting records) are a namespace of
// their own that comes with their code, so the home page entry does not download them; every
// game screen imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const GAMES_NAMESPACE = 'games';

i18n.addResourceBundle('en', GAMES_NAMESPACE, en);
i18n.addResourceBundle('tl', GAMES_NAMESPACE, tlTexts);

/** Every key of the namespace, e.g. `tile.start`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type GamesTextKey = Leaves<typeof en>;

export type GamesT = (key: GamesTextKey, options?: Record<string, unknown>) => string;

/** `t` of the games namespace, checked against its English keys. */
export function useGamesTranslation(): { t: GamesT; tMain: TFunction; language: string } {
  const t = useNamespaceT(GAMES_NAMESPACE);
  const tMain = useNamespaceT();
  return { t: t as unknown as GamesT, tMain, language: i18n.language };
}

/** Failures of the browser the game page words itself (SPEC section 8). */
export type PlayerProblem = keyof typeof en.errors;
