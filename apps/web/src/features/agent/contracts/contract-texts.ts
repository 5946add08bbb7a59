import i18n from 'i18next';
import en from '@/locales/agent-contracts/en.json';
import tl from '@/locales/agent-contracts/tl.json';

// The agent contract screens' texts (`agentContracts.*`) come with their code instead of in the
// home page's start-up script: every module that shows them imports this one first. They join
// the main namespace, so their keys read as before.

// The type annotation makes the build fail when the Tagalog texts miss a key of the English ones.
const tlTexts: typeof en = tl;

i18n.addResourceBundle('en', 'translation', en, true);
i18n.addResourceBundle('tl', 'translation', tlTexts, true);
