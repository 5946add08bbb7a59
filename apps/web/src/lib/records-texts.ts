import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '@/locales/records/en.json';
import tl from '@/locales/records/tl.json';

// The record pages' texts (account record, profit and loss, bonus details) are a namespace of
// their own that comes with their code, so the home page does not download them; every record
// screen imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const RECORDS_NAMESPACE = 'records';

i18n.addResourceBundle('en', RECORDS_NAMESPACE, en);
i18n.addResourceBundle('tl', RECORDS_NAMESPACE, tlTexts);

/** Every key of the namespace, e.g. `range.previous7`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type RecordsTextKey = Leaves<typeof en>;

export type RecordsT = (key: RecordsTextKey, options?: Record<string, unknown>) => string;

/** `t` of the records namespace, checked against its English keys. */
export function useRecordsTranslation(): { t: RecordsT; language: string } {
  const { t, i18n: instance } = useTranslation(RECORDS_NAMESPACE as unknown as 'translation');
  return { t: t as unknown as RecordsT, language: instance.language };
}
