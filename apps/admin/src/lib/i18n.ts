import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import tl from '../locales/tl.json';

// The annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTranslation: typeof en = tl;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const ADMIN_LANGUAGES = ['en', 'tl'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];

const STORAGE_KEY = 'adminLanguage';

function storedLanguage(): AdminLanguage {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return ADMIN_LANGUAGES.find((language) => language === stored) ?? 'en';
  } catch {
    // Storage can be disabled; the back office then starts in English.
    return 'en';
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, tl: { translation: tlTranslation } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...ADMIN_LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.title = i18n.t('title');
}

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export function chooseLanguage(language: AdminLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the choice still applies to this visit.
  }
  void i18n.changeLanguage(language);
}

/** The `Language` header of the admin API for the chosen language. */
export function apiLanguage(): 'EN' | 'TL' {
  return i18n.language === 'tl' ? 'TL' : 'EN';
}
