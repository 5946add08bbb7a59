import { setUpI18n } from '@app/client';
import { loadChunk } from '@app/shared/chunk-load';
import type account from '@/locales/account/en.json';
import type agent from '@/locales/agent/en.json';
import type pages from '@/locales/pages/en.json';
import type agentContracts from '@/locales/agent-contracts/en.json';
import en from '@/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /**
     * `account` holds the texts of the account screens; it loads with them (account-texts.ts).
     * The agent centre's, the footer's and its pages' and the agent contract texts join
     * `translation` when their screens load (lib/agent-texts.ts, lib/page-texts.ts,
     * contract-texts.ts).
     */
    resources: {
      translation: typeof en & typeof agent & typeof pages & typeof agentContracts;
      account: typeof account;
    };
  }
}

/**
 * English is bundled (it is also the fallback); every other language is a chunk of its own, loaded
 * before it is shown, so the home page's start-up script carries one language, not all of them.
 * The bundle's type makes the build fail when one misses a key of the English one.
 */
export const {
  storedLanguage,
  loadLanguage,
  currentLanguage,
  showLanguage,
  chooseLanguage,
  preferredLanguage,
} = setUpI18n<typeof en>({
  bundled: { EN: en },
  lazy: {
    TL: () =>
      loadChunk('locale-tl', () => import('@/locales/tl.json')).then((module) => module.default),
  },
  storageKey: 'language',
  previousKey: 'previousLanguage',
});
