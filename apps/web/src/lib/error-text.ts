import { errorText as clientErrorText } from '@app/client';
import type { TFunction } from 'i18next';

/**
 * The visitor's-language message of a failed call (`errors.<code>` of the member site's texts);
 * a lock or throttle that says when it ends gets that time too.
 */
export function errorText(t: TFunction, error: unknown): string {
  return clientErrorText(
    {
      code: (code) => t(`errors.${code}`),
      retryIn: (count) => t('errors.retryIn', { count }),
      throttled: (wait) =>
        'seconds' in wait
          ? t('errors.retryAfterSeconds', { count: wait.seconds })
          : t('errors.retryAfter', { count: wait.minutes }),
    },
    error,
  );
}
