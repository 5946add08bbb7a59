import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import en from '@/locales/transfer/en.json';
import tl from '@/locales/transfer/tl.json';

// The transfer pages' texts are a namespace of their own that comes with their code, so the home
// page does not download them; every transfer screen imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const TRANSFER_NAMESPACE = 'transfer';

i18n.addResourceBundle('en', TRANSFER_NAMESPACE, en);
i18n.addResourceBundle('tl', TRANSFER_NAMESPACE, tlTexts);

/** Every key of the namespace, e.g. `fund.title`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TransferTextKey = Leaves<typeof en>;

export type TransferT = (key: TransferTextKey, options?: Record<string, unknown>) => string;

/**
 * `t` of the transfer namespace, checked against its English keys (the namespace is not in the
 * app-wide i18next resource types).
 */
export function useTransferTranslation(): { t: TransferT; language: string } {
  const { t, i18n: instance } = useTranslation(TRANSFER_NAMESPACE as unknown as 'translation');
  return { t: t as unknown as TransferT, language: instance.language };
}

const OWN_ERRORS = Object.keys(en.errors) as (keyof typeof en.errors)[];

/**
 * The message of a failed transfer: the transfer errors from this namespace (with their details),
 * every other one as the rest of the site shows it.
 */
export function transferErrorText(
  t: TransferT,
  tMain: Parameters<typeof errorText>[0],
  error: unknown,
  format: (amount: string) => string,
): string {
  if (error instanceof ApiError) {
    const own = OWN_ERRORS.find((code) => code === error.code);
    if (own) {
      const remaining = typeof error.value.remaining === 'string' ? error.value.remaining : '0.00';
      return t(`errors.${own}`, { remaining: format(remaining) });
    }
  }
  return errorText(tMain, error);
}
