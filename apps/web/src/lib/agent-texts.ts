import i18n from 'i18next';
import en from '@/locales/agent/en.json';
import tl from '@/locales/agent/tl.json';

// The agent centre's texts (`agent.*`, `agentTeam.*`) come with its code instead of in the home
// page's start-up script: the agent centre's route and the pages shown outside it import this
// module first. They join the main namespace, so their keys read as before.

// The type annotation makes the build fail when the Tagalog texts miss a key of the English ones.
const tlTexts: typeof en = tl;

i18n.addResourceBundle('en', 'translation', en, true);
i18n.addResourceBundle('tl', 'translation', tlTexts, true);
