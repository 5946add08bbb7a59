import { errorText as clientErrorText } from '@app/client';
import { errorMessages } from '@app/shared';
import type { TFunction } from 'i18next';
import { apiLanguage } from './i18n';

/**
 * The operator's-language message of a failed call: the shared EN/TL text of the server's code
 * (one list for the server, the member site and the back office), or the back office's own
 * text when the server could not be reached.
 */
export function errorText(t: TFunction, error: unknown): string {
  return clientErrorText(
    {
      code: (code) =>
        code === 'NETWORK_ERROR' ? t('errors.network') : errorMessages[code][apiLanguage()],
      retryIn: (count) => t('errors.retryIn', { count }),
    },
    error,
  );
}

/**
 * The message of one field's validation issue. Services name theirs (`invalid_amount`,
 * `max_below_min`); schema failures carry the validator's English sentence, which becomes the
 * general "check this field".
 */
export function issueText(t: TFunction, issue: string | undefined): string | undefined {
  if (issue === undefined) return undefined;
  if (!/^[a-z_]+$/.test(issue)) return t('issues.invalid');
  return t(`issues.${issue}`, { defaultValue: t('issues.invalid') });
}
