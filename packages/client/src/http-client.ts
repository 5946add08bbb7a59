import type { ErrorCode } from '@app/shared';
import { ApiError } from './api-error';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What `ErrorEnvelope.safeParse` of @app/shared answers (passed in, so zod can load lazily). */
type ErrorEnvelopeSchema = {
  safeParse(value: unknown):
    | {
        success: true;
        data: { code: ErrorCode; message: string; value: Record<string, unknown> };
      }
    | { success: false };
};

export type HttpClientOptions = {
  /** Put before every path: '' for the member API, '/admin/api' for the back office. */
  base: string;
  /** The headers of a call besides the token and the content type (language, merchant...). */
  headers(method: Method): Headers;
  /** The bearer token of this tab's session, or null. */
  readToken(): string | null;
  /** The failure envelope's schema; a promise, so the member site can load zod after its paint. */
  errorEnvelope(): Promise<ErrorEnvelopeSchema>;
  /**
   * The server refused the token a call carried, and it is still this tab's token (expired,
   * revoked, a password to change first): the session reacts, so guards and headers follow.
   */
  onRefused(code: ErrorCode): void;
  /** An answer the page already asked for before the scripts ran (the member site's boot). */
  early?(url: string, headers: Headers): Promise<Response> | null;
};

/** A request body: JSON, or application/x-www-form-urlencoded (the forgot-by-email call). */
export type RequestBody = { json: unknown } | { form: Record<string, string> };

export type Query = Record<string, string | number | undefined>;

/** `?a=1&b=x` of the defined values only (an unset filter is left out, not sent as ""). */
export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isSuccess(body: unknown): body is { success: true; value: unknown } {
  return typeof body === 'object' && body !== null && 'success' in body && body.success === true;
}

/** An answer with the token it was asked with (to tell whether a refusal is about this session). */
export type Sent = { response: Response; token: string | null };

/**
 * The envelope protocol of ARCHITECTURE.md (`{success, value}` or `{success: false, code,
 * message, value}` with a matching status) over fetch, for one API: each front end gives its
 * prefix, headers and session, and checks values with its own schemas.
 */
export function createHttpClient(options: HttpClientOptions) {
  async function send(
    method: Method,
    path: string,
    body: RequestBody | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Sent> {
    const url = `${options.base}${path}`;
    const token = options.readToken();
    const headers = options.headers(method);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let payload: string | URLSearchParams | null = null;
    if (body && 'form' in body) {
      payload = new URLSearchParams(body.form);
    } else if (body) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body.json);
    }
    try {
      const early = method === 'GET' ? (options.early?.(url, headers) ?? null) : null;
      const response = await (early ??
        fetch(url, { method, headers, body: payload, signal: signal ?? null }));
      return { response, token };
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError('NETWORK_ERROR', String(error), 0);
    }
  }

  /** The error of an answer that is not a success (parsed body already read, or not yet). */
  async function failure({ response, token }: Sent, json?: unknown): Promise<ApiError> {
    // A proxy or gateway in front of the server may answer with something that is not JSON.
    const body: unknown = json === undefined ? await response.json().catch(() => null) : json;
    const parsed = (await options.errorEnvelope()).safeParse(body);
    if (parsed.success) {
      const { code, message, value } = parsed.data;
      if (token && token === options.readToken()) options.onRefused(code);
      return new ApiError(code, message, response.status, value);
    }
    const unreachable = response.status >= 502 && response.status <= 504;
    return new ApiError(
      unreachable ? 'NETWORK_ERROR' : 'INTERNAL_ERROR',
      response.statusText,
      response.status,
    );
  }

  /** The envelope's value, unchecked; any other answer becomes an `ApiError`. */
  async function value(sent: Sent): Promise<unknown> {
    const json: unknown = await sent.response.json().catch(() => null);
    if (sent.response.ok && isSuccess(json)) return json.value;
    throw await failure(sent, json);
  }

  return { send, failure, value };
}

export type GetOptions = { query?: Query; signal?: AbortSignal };

export type HttpClient = ReturnType<typeof createHttpClient>;
