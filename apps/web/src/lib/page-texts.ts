import i18n from 'i18next';
import en from '@/locales/pages/en.json';
import tl from '@/locales/pages/tl.json';

// The texts of the footer and of the pages behind it (help, VIP, promotions, points mall,
// lottery) come with their code instead of in the home page's start-up script: each of those
// modules imports this one first. They join the main namespace, so their keys read as before.

// The type annotation makes the build fail when the Tagalog texts miss a key of the English ones.
const tlTexts: typeof en = tl;

i18n.addResourceBundle('en', 'translation', en, true);
i18n.addResourceBundle('tl', 'translation', tlTexts, true);
