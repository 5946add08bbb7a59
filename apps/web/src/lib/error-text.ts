import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The visitor's-language message of a failed call (`errors.<code>`); a lock or throttle that
 * says when it ends gets that time too.
 */
export function errorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
  const seconds = error instanceof ApiError ? error.value.retryAfterSeconds : undefined;
  if (typeof seconds !== 'number' || seconds <= 0) return t(`errors.${code}`);
  // Login delays grow from a second (decision 017): under a minute the wait is told in seconds.
  if (code === 'TOO_MANY_REQUESTS' && seconds < 60) {
    return t('errors.retryAfterSeconds', { count: Math.ceil(seconds) });
  }
  const count = Math.ceil(seconds / 60);
  if (code === 'TOO_MANY_REQUESTS') return t('errors.retryAfter', { count });
  return `${t(`errors.${code}`)} ${t('errors.retryIn', { count })}`;
}
