import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '@/locales/deposit/en.json';
import tl from '@/locales/deposit/tl.json';

// The deposit page's texts are a namespace of their own that comes with its code, so the home
// page does not download them; every deposit screen imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const DEPOSIT_NAMESPACE = 'deposit';

i18n.addResourceBundle('en', DEPOSIT_NAMESPACE, en);
i18n.addResourceBundle('tl', DEPOSIT_NAMESPACE, tlTexts);

/** Every key of the namespace, e.g. `result.credited`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type DepositTextKey = Leaves<typeof en>;

type DepositT = (key: DepositTextKey, options?: Record<string, unknown>) => string;

/**
 * `t` of the deposit namespace, checked against its English keys. (The namespace is not in the
 * app-wide i18next resource types, which only list the shell's and the account screens'.)
 */
export function useDepositTranslation(): { t: DepositT; language: string } {
  const { t, i18n } = useTranslation(DEPOSIT_NAMESPACE as unknown as 'translation');
  return { t: t as unknown as DepositT, language: i18n.language };
}
