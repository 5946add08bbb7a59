import type { Language } from '@app/shared';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createStorage } from './storage';

/** i18next works with lower-case BCP 47 codes; the API and storage use the upper-case codes. */
export const i18nCode = { EN: 'en', TL: 'tl' } as const satisfies Record<Language, string>;

/**
 * The languages of both front ends, in menu order. Taken from the code table above rather than
 * from `LANGUAGES` of @app/shared so a start-up bundle does not pull in zod; the `Record` type
 * fails the build if the two ever disagree.
 */
export const LANGUAGE_OPTIONS = Object.keys(i18nCode) as Language[];

function toLanguage(code: string | null | undefined): Language | null {
  return LANGUAGE_OPTIONS.find((language) => language === code?.toUpperCase()) ?? null;
}

type Texts = Record<string, unknown>;

export type I18nOptions<Bundle extends Texts> = {
  /** Texts in the start-up script; English is always one of them (it is the fallback). */
  bundled: { EN: Bundle } & Partial<Record<Language, Bundle>>;
  /** Languages that are a chunk of their own, loaded before they are shown. */
  lazy?: Partial<Record<Language, () => Promise<Bundle>>>;
  /** The localStorage key of the user's own choice. */
  storageKey: string;
  /** Where the choice it replaced is kept, for a front end that remembers it. */
  previousKey?: string;
  /** Called with the language shown, at start and on every change (the back office's title). */
  onLanguage?: (language: Language) => void;
};

/**
 * Starts i18next for a front end (English fallback, the user's stored choice) and answers the
 * language helpers both use: the language of requests, the user's choice, loading a language.
 */
export function setUpI18n<Bundle extends Texts>(options: I18nOptions<Bundle>) {
  const store = createStorage<string>('local');
  const loaded = new Set(Object.keys(options.bundled) as Language[]);

  /** The language the user picked in this browser, if any. */
  function storedLanguage(): Language | null {
    return toLanguage(store.get(options.storageKey));
  }

  /** Loads a language's texts once; resolves when they can be shown. */
  async function loadLanguage(language: Language): Promise<void> {
    const load = options.lazy?.[language];
    if (loaded.has(language) || !load) return;
    i18n.addResourceBundle(i18nCode[language], 'translation', await load());
    loaded.add(language);
  }

  const resources = Object.fromEntries(
    [...loaded].map((language) => [
      i18nCode[language],
      { translation: options.bundled[language] ?? {} },
    ]),
  );

  void i18n.use(initReactI18next).init({
    resources,
    lng: i18nCode[storedLanguage() ?? 'EN'],
    fallbackLng: 'en',
    supportedLngs: Object.values(i18nCode),
    interpolation: { escapeValue: false },
    initAsync: false,
  });

  /** The language requests are sent in and the interface is shown in. */
  function currentLanguage(): Language {
    return toLanguage(i18n.language) ?? 'EN';
  }

  function applyLanguage(): void {
    document.documentElement.lang = i18n.language;
    options.onLanguage?.(currentLanguage());
  }
  applyLanguage();
  i18n.on('languageChanged', applyLanguage);

  /** Switches language without remembering it: used for the merchant's configured default. */
  function showLanguage(language: Language): void {
    void loadLanguage(language).then(() => i18n.changeLanguage(i18nCode[language]));
  }

  return {
    storedLanguage,
    loadLanguage,
    currentLanguage,
    showLanguage,
    /** The user's own choice: remembered (with the one it replaced, where kept) and shown. */
    chooseLanguage: (language: Language): void => {
      if (options.previousKey) store.set(options.previousKey, currentLanguage());
      store.set(options.storageKey, language);
      showLanguage(language);
    },
    /** The user's own choice if there is one, else the merchant's configured default. */
    preferredLanguage: (configured: Language): Language => storedLanguage() ?? configured,
  };
}

/** The language shown, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return toLanguage(instance.language) ?? 'EN';
}
