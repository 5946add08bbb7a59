import { setUpI18n } from '@app/client';
import i18n from 'i18next';
import en from '@/locales/en.json';
import tl from '@/locales/tl.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// Both languages are bundled (the back office is one script); the bundle's type makes the build
// fail when the Tagalog texts miss a key of the English ones.
export const { chooseLanguage, currentLanguage: apiLanguage } = setUpI18n<typeof en>({
  bundled: { EN: en, TL: tl },
  storageKey: 'adminLanguage',
  onLanguage: () => {
    document.title = i18n.t('title');
  },
});
