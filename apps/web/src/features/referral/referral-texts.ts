import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '@/locales/referral/en.json';
import tl from '@/locales/referral/tl.json';

// The referral page's texts: a namespace that comes with its lazily loaded code.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

const REFERRAL_NAMESPACE = 'referral';

if (!i18n.hasResourceBundle('en', REFERRAL_NAMESPACE)) {
  i18n.addResourceBundle('en', REFERRAL_NAMESPACE, en);
  i18n.addResourceBundle('tl', REFERRAL_NAMESPACE, tlTexts);
}

/** The English keys, plural forms by their base name (`referredCount`). */
type ReferralTextKey =
  Exclude<keyof typeof en, 'referredCount_one' | 'referredCount_other'> | 'referredCount';

export type ReferralT = (key: ReferralTextKey, options?: Record<string, unknown>) => string;

/** `t` of the referral namespace, checked against its English keys. */
export function useReferralTranslation(): { t: ReferralT } {
  const { t } = useTranslation(REFERRAL_NAMESPACE as unknown as 'translation');
  return { t: t as unknown as ReferralT };
}
