import type { Language } from '@app/shared';
import { loadChunk } from '@app/shared/chunk-load';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type account from '../locales/account/en.json';
import en from '../locales/en.json';
import { localStore } from './storage';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** `account` holds the texts of the account screens; it loads with them (account-texts.ts). */
    resources: { translation: typeof en; account: typeof account };
  }
}

/** i18next works with lower-case BCP 47 codes; the API and storage use the upper-case codes. */
const i18nCode: Record<Language, string> = { EN: 'en', TL: 'tl' };

/**
 * The bundled languages, in menu order. Taken from the code table above rather than from
 * `LANGUAGES` of @app/shared so the start-up bundle does not pull in zod; the `Record` type
 * fails the build if the two ever disagree.
 */
export const LANGUAGE_OPTIONS = Object.keys(i18nCode) as Language[];

function toLanguage(code: string | null | undefined): Language | null {
  return LANGUAGE_OPTIONS.find((language) => language === code?.toUpperCase()) ?? null;
}

/** The language the visitor picked in this browser, if any. */
export function storedLanguage(): Language | null {
  return toLanguage(localStore.get('language'));
}

/**
 * English is bundled (it is also the fallback); every other language is a chunk of its own, loaded
 * before it is shown, so the home page's start-up script carries one language, not all of them.
 * The return type makes the build fail when a bundle misses a key of the English one.
 */
const loaders: Record<Language, () => Promise<typeof en>> = {
  EN: () => Promise.resolve(en),
  TL: () =>
    loadChunk('locale-tl', () => import('../locales/tl.json')).then((module) => module.default),
};
const loaded = new Set<Language>(['EN']);

/** Loads a language's texts once; resolves when they can be shown. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  i18n.addResourceBundle(i18nCode[language], 'translation', await loaders[language]());
  loaded.add(language);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: i18nCode[storedLanguage() ?? 'EN'],
  fallbackLng: 'en',
  supportedLngs: Object.values(i18nCode),
  interpolation: { escapeValue: false },
  initAsync: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code;
});

/** The language requests are sent in and the interface is shown in. */
export function currentLanguage(): Language {
  return toLanguage(i18n.language) ?? 'EN';
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toLanguage(instance.language) ?? 'EN';
}

/** Switches language without remembering it: used for the merchant's configured default. */
export function showLanguage(language: Language): void {
  void loadLanguage(language).then(() => i18n.changeLanguage(i18nCode[language]));
}

/** The visitor's own choice: remembered, with the one it replaced kept as the previous language. */
export function chooseLanguage(language: Language): void {
  localStore.set('previousLanguage', currentLanguage());
  localStore.set('language', language);
  showLanguage(language);
}

/** The visitor's own choice if there is one, else the merchant's configured default. */
export function preferredLanguage(configured: Language): Language {
  return storedLanguage() ?? configured;
}
