import { API_HEADERS, ErrorEnvelope } from '@app/shared';
import { createHttpClient, queryString, type GetOptions, type Method } from '@app/client';
import { download } from '@app/client/download';
import { apiLanguage } from './i18n';
import { endSession, readScopeMerchant, readToken } from './session';

/** Any zod schema of @app/shared: the answer's value is checked against it. */
export type ValueSchema<T> = { parse: (value: unknown) => T };

/** For answers whose value is null (sign-out): nothing to check or keep. */
export const NO_VALUE: ValueSchema<null> = { parse: () => null };

/** Every back-office endpoint lives under this prefix (decision 008). */
export const ADMIN_API = '/admin/api';

const http = createHttpClient({
  base: ADMIN_API,
  headers() {
    const headers = new Headers({ [API_HEADERS.language]: apiLanguage() });
    // Only a platform operator's Merchant header counts on the server; others work on their own.
    const merchant = readScopeMerchant();
    if (merchant) headers.set(API_HEADERS.merchant, merchant);
    return headers;
  },
  readToken,
  errorEnvelope: () => Promise.resolve(ErrorEnvelope),
  // A token the server no longer knows ends the session here too.
  onRefused: (code) => code === 'NOT_LOGGED_IN' && endSession(),
});

/** GETs an admin API path and returns the envelope's value, checked by `schema`. */
export async function adminGet<T>(
  path: string,
  schema: ValueSchema<T>,
  { query, signal }: GetOptions = {},
): Promise<T> {
  const sent = await http.send('GET', `${path}${queryString(query)}`, undefined, signal);
  return schema.parse(await http.value(sent));
}

/** POSTs, PUTs or DELETEs on an admin API path; the answer is handled as by `adminGet`. */
export async function adminSend<T>(
  method: Exclude<Method, 'GET'>,
  path: string,
  schema: ValueSchema<T>,
  body?: unknown,
): Promise<T> {
  const json = method === 'DELETE' ? undefined : { json: body ?? {} };
  return schema.parse(await http.value(await http.send(method, path, json, undefined)));
}

/**
 * The bytes of an image (receipt, proof, KYC photo) or file (CSV export) endpoint, fetched with
 * the session: a plain <img> or link would carry no token.
 */
export async function adminBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await download(http, path, signal ? { signal } : {})).blob;
}
