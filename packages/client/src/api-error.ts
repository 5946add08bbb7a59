import type { ErrorCode } from '@app/shared';

/** Server error codes plus the one the client raises when the server cannot be reached. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR';

/**
 * A failed call; `code` selects the translated message and `value` carries the details the
 * server sent with it (`captchaRequired`, `retryAfterSeconds`, `issues`, `min`, `max`...).
 */
export class ApiError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    message: string,
    readonly status: number,
    readonly value: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The field messages of a VALIDATION_ERROR (`value.issues`), by field path without the request
 * part: `body/names/EN` and `/names/EN` are both `names.EN`.
 */
export function fieldIssues(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const issues = error.value.issues;
  if (!Array.isArray(issues)) return {};
  const fields: Record<string, string> = {};
  for (const issue of issues as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== 'string') continue;
    const field = path
      .split('/')
      .filter((part) => part && !['body', 'querystring', 'params'].includes(part))
      .join('.');
    fields[field] ??= typeof message === 'string' ? message : 'invalid';
  }
  return fields;
}
