import i18n from 'i18next';
import en from '@/locales/account/en.json';
import tl from '@/locales/account/tl.json';

// The account screens (login, registration, passwords, feedback, security centre) have more text
// than the rest of the shell together. It is a namespace of its own that comes with their code,
// so the home page does not download it; every such screen imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const ACCOUNT_NAMESPACE = 'account';

i18n.addResourceBundle('en', ACCOUNT_NAMESPACE, en);
i18n.addResourceBundle('tl', ACCOUNT_NAMESPACE, tlTexts);
