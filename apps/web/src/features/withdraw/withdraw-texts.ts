import i18n from 'i18next';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '@/locales/withdraw/en.json';
import tl from '@/locales/withdraw/tl.json';
import { ApiError } from '@app/client';
import { errorText } from '@/lib/error-text';
import { errorFigures } from './figures';

// The withdraw page's texts are a namespace of their own that comes with its code, so the home
// page does not download them; every withdraw screen imports this module first.

// The type annotation makes the build fail when the Tagalog bundle misses a key of the English one.
const tlTexts: typeof en = tl;

export const WITHDRAW_NAMESPACE = 'withdraw';

i18n.addResourceBundle('en', WITHDRAW_NAMESPACE, en);
i18n.addResourceBundle('tl', WITHDRAW_NAMESPACE, tlTexts);

/** Every key of the namespace, e.g. `status.paid`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type WithdrawTextKey = Leaves<typeof en>;

export type WithdrawT = (key: WithdrawTextKey, options?: Record<string, unknown>) => string;

/** `t` of the withdraw namespace, checked against its English keys. */
export function useWithdrawTranslation(): { t: WithdrawT; language: string } {
  const { t, i18n: instance } = useTranslation(WITHDRAW_NAMESPACE as unknown as 'translation');
  return { t: t as unknown as WithdrawT, language: instance.language };
}

const OWN_ERRORS = new Set(Object.keys(en.errors));

/**
 * The message of a failed withdraw call: this page's own wording (with the figures the server
 * sent: turnover left, limits, balance) or the app-wide `errors.<code>`.
 */
export function withdrawErrorText(
  t: WithdrawT,
  tMain: TFunction,
  error: unknown,
  currencySymbol: string,
): string {
  if (!(error instanceof ApiError) || !OWN_ERRORS.has(error.code)) return errorText(tMain, error);
  return t(`errors.${error.code}` as WithdrawTextKey, errorFigures(error.value, currencySymbol));
}
