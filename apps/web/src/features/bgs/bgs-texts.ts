import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '@/locales/bgs/en.json';
import tl from '@/locales/bgs/tl.json';

// The slot page's texts are a namespace of their own that comes with its code, so the home
// page does not download them; every BGS component imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const BGS_NAMESPACE = 'bgs';

i18n.addResourceBundle('en', BGS_NAMESPACE, en);
i18n.addResourceBundle('tl', BGS_NAMESPACE, tlTexts);

/** Every key of the namespace, e.g. `seeds.rotate`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type BgsTextKey = Leaves<typeof en>;

export type BgsT = (key: BgsTextKey, options?: Record<string, unknown>) => string;

/** `t` of the BGS namespace, checked against its English keys. */
export function useBgsTranslation(): { t: BgsT } {
  const { t } = useTranslation(BGS_NAMESPACE as unknown as 'translation');
  return { t: t as unknown as BgsT };
}

/** The translated name of a reel symbol (WILD, SEVEN, ...). */
export function symbolName(t: BgsT, symbol: string): string {
  return t(`symbols.${symbol}` as BgsTextKey);
}
