import i18n from 'i18next';
import { useNamespaceT } from '@/lib/namespace-t';
import en from '@/locales/content/en.json';
import tl from '@/locales/content/tl.json';

// The texts of the home content (banners, notices, winners, videos, hot matches), the
// announcements and popups, the inbox, the app download and contact pages: a namespace that comes
// with their lazily loaded code, so the home page entry does not carry them.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const CONTENT_NAMESPACE = 'content';

if (!i18n.hasResourceBundle('en', CONTENT_NAMESPACE)) {
  i18n.addResourceBundle('en', CONTENT_NAMESPACE, en);
  i18n.addResourceBundle('tl', CONTENT_NAMESPACE, tlTexts);
}

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}`
    : T[K] extends readonly string[]
      ? `${Prefix}${K}`
      : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type ContentTextKey = Leaves<typeof en>;

export type ContentT = (key: ContentTextKey, options?: Record<string, unknown>) => string;

/** `t` of the content namespace, checked against its English keys. */
export function useContentTranslation(): { t: ContentT; guide: (key: ContentTextKey) => string[] } {
  const t = useNamespaceT(CONTENT_NAMESPACE);
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => unknown;
  return {
    t: translate as ContentT,
    guide: (key) => {
      const steps = translate(key, { returnObjects: true });
      return Array.isArray(steps) ? steps.map(String) : [];
    },
  };
}
