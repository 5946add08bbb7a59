import { API_HEADERS, ErrorEnvelope, type ErrorCode } from '@app/shared';
import { apiLanguage } from './i18n';
import { endSession, readScopeMerchant, readToken } from './session';

/** Server error codes plus the one the client raises when the server cannot be reached. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR';

/** A failed admin API call; `value` carries the server's details (`issues`, `min`, `max`...). */
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

/** Any zod schema of @app/shared: the answer's value is checked against it. */
export type ValueSchema<T> = { parse: (value: unknown) => T };

/** For answers whose value is null (sign-out): nothing to check or keep. */
export const NO_VALUE: ValueSchema<null> = { parse: () => null };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every back-office endpoint lives under this prefix (decision 008). */
export const ADMIN_API = '/admin/api';

function requestHeaders(token: string | null): Headers {
  const headers = new Headers({ [API_HEADERS.language]: apiLanguage() });
  if (token) headers.set(API_HEADERS.authorization, `Bearer ${token}`);
  // Only a platform operator's Merchant header counts on the server; others work on their own.
  const merchant = readScopeMerchant();
  if (merchant) headers.set(API_HEADERS.merchant, merchant);
  return headers;
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; token: string | null }> {
  const token = readToken();
  const headers = requestHeaders(token);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  try {
    const response = await fetch(`${ADMIN_API}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
    return { response, token };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', String(error), 0);
  }
}

/** The error of a failed answer; a token the server no longer knows ends the session here too. */
async function failure(response: Response, token: string | null): Promise<ApiError> {
  const json: unknown = await response.json().catch(() => null);
  const parsed = ErrorEnvelope.safeParse(json);
  if (parsed.success) {
    const { code, message, value } = parsed.data;
    if (code === 'NOT_LOGGED_IN' && token && token === readToken()) endSession();
    return new ApiError(code, message, response.status, value);
  }
  const unreachable = response.status >= 502 && response.status <= 504;
  return new ApiError(
    unreachable ? 'NETWORK_ERROR' : 'INTERNAL_ERROR',
    response.statusText,
    response.status,
  );
}

async function call<T>(
  method: Method,
  path: string,
  schema: ValueSchema<T>,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<T> {
  const { response, token } = await send(method, path, body, signal);
  if (!response.ok) throw await failure(response, token);
  const json = (await response.json().catch(() => null)) as { success?: unknown; value?: unknown };
  if (json?.success !== true) throw new ApiError('INTERNAL_ERROR', 'not an envelope', 200);
  return schema.parse(json.value);
}

type GetOptions = { query?: Record<string, string | number | undefined>; signal?: AbortSignal };

/** `?a=1&b=x` of the defined values only (an unset filter is left out, not sent as ""). */
export function queryString(query: GetOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GETs an admin API path and returns the envelope's value, checked by `schema`. */
export function adminGet<T>(
  path: string,
  schema: ValueSchema<T>,
  options: GetOptions = {},
): Promise<T> {
  return call('GET', `${path}${queryString(options.query)}`, schema, undefined, options.signal);
}

/** POSTs, PUTs or DELETEs on an admin API path; the answer is handled as by `adminGet`. */
export function adminSend<T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  schema: ValueSchema<T>,
  body?: unknown,
): Promise<T> {
  return call(method, path, schema, method === 'DELETE' ? undefined : (body ?? {}), undefined);
}

/**
 * The bytes of an image (receipt, proof, KYC photo) or file (CSV export) endpoint, fetched with
 * the session: a plain <img> or link would carry no token.
 */
export async function adminBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const { response, token } = await send('GET', path, undefined, signal);
  if (!response.ok) throw await failure(response, token);
  return response.blob();
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
