import { ApiError, type ClientErrorCode } from './api-error';

/** Where a front end's texts for failed calls come from (its own bundle or @app/shared's list). */
export type ErrorTexts = {
  /** The message of a code. */
  code(code: ClientErrorCode): string;
  /** "Try again in N minutes" appended to a lock or block that says when it ends. */
  retryIn(minutes: number): string;
  /** A throttle's own sentence, in seconds under a minute and in minutes above; if given. */
  throttled?(wait: { seconds: number } | { minutes: number }): string;
};

/**
 * The user's-language message of a failed call; a lock or throttle that says when it ends gets
 * that time too.
 */
export function errorText(texts: ErrorTexts, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
  const seconds = error instanceof ApiError ? error.value.retryAfterSeconds : undefined;
  if (typeof seconds !== 'number' || seconds <= 0) return texts.code(code);
  const minutes = Math.ceil(seconds / 60);
  if (code === 'TOO_MANY_REQUESTS' && texts.throttled) {
    // Login delays grow from a second (decision 017): under a minute the wait is told in seconds.
    return texts.throttled(seconds < 60 ? { seconds: Math.ceil(seconds) } : { minutes });
  }
  return `${texts.code(code)} ${texts.retryIn(minutes)}`;
}
