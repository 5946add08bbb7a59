import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '@/locales/lottery/en.json';
import tl from '@/locales/lottery/tl.json';

// The lottery pages' texts are a namespace of their own that comes with their code, so the home
// page does not download them; every lottery screen imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const LOTTERY_NAMESPACE = 'lottery';

i18n.addResourceBundle('en', LOTTERY_NAMESPACE, en);
i18n.addResourceBundle('tl', LOTTERY_NAMESPACE, tlTexts);

export type LotteryTextKey =
  'prizeMode.label' | 'prizeMode.loading' | `prizeMode.modes.${keyof typeof en.prizeMode.modes}`;

export type LotteryT = (key: LotteryTextKey, options?: Record<string, unknown>) => string;

/** `t` of the lottery namespace, checked against its English keys. */
export function useLotteryTranslation(): { t: LotteryT } {
  const { t } = useTranslation(LOTTERY_NAMESPACE as unknown as 'translation');
  return { t: t as unknown as LotteryT };
}
