import type * as Shared from '@app/shared';
import type { ErrorCode, PublicKeyInfo } from '@app/shared';
import type * as Home from '@app/shared/home';
import type * as Startup from '@app/shared/startup';
import type * as StartupGuards from '@app/shared/startup-guards';
import { loadChunk } from '@app/shared/chunk-load';
import { takeBootResponse } from './boot-requests';
import { DEVICE_ID_HEADER, deviceId } from './device-id';
import { currentLanguage } from './i18n';
import { endSession, readMerchantCode, readSessionToken, requirePasswordChange } from './session';

/** Server error codes plus the one the client raises when the server cannot be reached. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR';

/**
 * A failed call; `code` selects the translated message (`errors.<code>`) and `value` carries the
 * details the server sent with it (`captchaRequired`, `retryAfterSeconds`, `issues`...).
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

type SharedModule = typeof Shared;

/** The names of the response schemas in @app/shared, e.g. `'SystemStatus'`. */
export type ResponseSchema = {
  [Name in keyof SharedModule]: SharedModule[Name] extends { parse: (value: unknown) => unknown }
    ? Name
    : never;
}[keyof SharedModule];

/** A schema name, `[name]` for a list of them, or `null` for a value the caller ignores. */
type ValueSchema = ResponseSchema | readonly [ResponseSchema] | null;

type ParsedValue<Name extends ResponseSchema> = ReturnType<SharedModule[Name]['parse']>;

type Parsed<Schema extends ValueSchema> = Schema extends ResponseSchema
  ? ParsedValue<Schema>
  : Schema extends readonly [infer Item extends ResponseSchema]
    ? ParsedValue<Item>[]
    : null;

function isSchemaName(schema: ValueSchema): schema is ResponseSchema {
  return typeof schema === 'string';
}

// zod and the schemas are a quarter of the start-up code. They are fetched in parallel with the
// first request instead of in front of the first paint; every response waits for them.
let sharedModule: Promise<SharedModule> | undefined;
function loadShared(): Promise<SharedModule> {
  sharedModule ??= loadChunk('shared', () => import('@app/shared'));
  return sharedModule;
}

const HEADERS = {
  authorization: 'Authorization',
  merchant: 'Merchant',
  language: 'Language',
  device: 'Device',
} as const satisfies typeof Shared.API_HEADERS;

function requestHeaders(token: string | null): Headers {
  const headers = new Headers({
    [HEADERS.language]: currentLanguage(),
    [HEADERS.device]: 'WEB',
  });
  const merchant = readMerchantCode();
  if (merchant) headers.set(HEADERS.merchant, merchant);
  if (token) headers.set(HEADERS.authorization, `Bearer ${token}`);
  return headers;
}

function isSuccess(body: unknown): body is { success: true; value: unknown } {
  return typeof body === 'object' && body !== null && 'success' in body && body.success === true;
}

/** The failure envelope's schema and some or all of the response schemas. */
type Schemas = Pick<SharedModule, 'ErrorEnvelope'> & {
  [Name in ResponseSchema]?: SharedModule[Name];
};

// The first paint's answers, when a reader refuses them, and failed answers are parsed by a chunk
// of zod and these schemas, smaller and quicker to start than the whole package. The home page's sections (and the
// game pages) have a chunk of their own too, so the home page never loads every schema.
type StartupModule = typeof Startup;
type HomeModule = typeof Home;
const STARTUP_SCHEMAS: ReadonlySet<string> = new Set([
  'SystemStatus',
  'PermissionInfo',
  'GameMenus',
] as const satisfies readonly (keyof StartupModule)[]);
const HOME_SCHEMAS: ReadonlySet<string> = new Set([
  'PublicState',
  'AnnouncementPage',
  'Popup',
  'GamePage',
  'HotGames',
] as const satisfies readonly (keyof HomeModule)[]);
let startupModule: Promise<StartupModule> | undefined;
let homeModule: Promise<HomeModule> | undefined;

function loadSchemas(schema: ValueSchema): Promise<Schemas> {
  const name = schema === null ? null : isSchemaName(schema) ? schema : schema[0];
  // A value the caller ignores needs only the failure envelope, which every chunk has.
  if (name === null || STARTUP_SCHEMAS.has(name)) {
    startupModule ??= loadChunk('shared-startup', () => import('@app/shared/startup'));
    return startupModule;
  }
  if (HOME_SCHEMAS.has(name)) {
    homeModule ??= loadChunk('shared-home', () => import('@app/shared/home'));
    return homeModule;
  }
  return loadShared();
}

// The first paint's answers are checked without zod by readers that accept exactly what their
// schemas accept; zod and the schemas are loaded only for an answer a reader refuses (or a failed
// one), to give the same error as before. The readers are a chunk of their own (the entry script
// has no room left), small, fetched in parallel with those answers.
let startupGuards: Promise<typeof StartupGuards> | undefined;
function loadStartupGuards(): Promise<typeof StartupGuards> {
  startupGuards ??= loadChunk('shared-startup-guards', () => import('@app/shared/startup-guards'));
  return startupGuards;
}

type StartupAnswer = keyof typeof StartupGuards.STARTUP_READERS;

function isStartupAnswer(schema: ValueSchema): schema is StartupAnswer {
  return schema !== null && isSchemaName(schema) && STARTUP_SCHEMAS.has(schema);
}

/** The answer as its reader returns it, or `undefined` when the reader refuses it. */
async function readStartupAnswer(schema: StartupAnswer, value: unknown): Promise<unknown> {
  const { INVALID, STARTUP_READERS } = await loadStartupGuards();
  const read = STARTUP_READERS[schema](value);
  return read === INVALID ? undefined : read;
}

function parser(schemas: Schemas, name: ResponseSchema): { parse: (value: unknown) => unknown } {
  const schema = schemas[name];
  if (!schema) throw new ApiError('INTERNAL_ERROR', `no schema ${name}`, 200);
  return schema;
}

function parseValue(schemas: Schemas, schema: ValueSchema, value: unknown): unknown {
  if (schema === null) return null;
  if (isSchemaName(schema)) return parser(schemas, schema).parse(value);
  const item = parser(schemas, schema[0]);
  if (!Array.isArray(value)) throw new ApiError('INTERNAL_ERROR', 'expected a list', 200);
  return value.map((entry) => item.parse(entry));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Body = { json: unknown } | { form: Record<string, string> } | { sealed: unknown };

async function send(
  method: Method,
  url: string,
  token: string | null,
  body: Body | undefined,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers = requestHeaders(token);
  // Logins and registrations are sent with the browser's device id (never needed on reads).
  if (method !== 'GET') headers.set(DEVICE_ID_HEADER, deviceId());
  let payload: string | URLSearchParams | null = null;
  if (body && 'form' in body) {
    payload = new URLSearchParams(body.form);
  } else if (body) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify('sealed' in body ? await seal(body.sealed) : body.json);
  }
  try {
    const early = method === 'GET' ? takeBootResponse(url, headers) : null;
    return await (early ?? fetch(url, { method, headers, body: payload, signal: signal ?? null }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', String(error), 0);
  }
}

async function call<Schema extends ValueSchema>(
  method: Method,
  url: string,
  schema: Schema,
  body: Body | undefined,
  signal: AbortSignal | undefined,
): Promise<Parsed<Schema>> {
  const token = readSessionToken();
  const startup = isStartupAnswer(schema);
  const [response, loaded] = await Promise.all([
    send(method, url, token, body, signal),
    startup ? loadStartupGuards().then(() => null) : loadSchemas(schema),
  ]);
  // A proxy or gateway in front of the server may answer with something that is not JSON.
  const json: unknown = await response.json().catch(() => null);
  if (startup && response.ok && isSuccess(json)) {
    const value = await readStartupAnswer(schema, json.value);
    if (value !== undefined) return value as Parsed<Schema>;
  }
  // Anything a reader refuses is parsed by zod, so it fails with the same error as without one.
  const schemas = loaded ?? (await loadSchemas(schema));
  if (response.ok && isSuccess(json)) {
    return parseValue(schemas, schema, json.value) as Parsed<Schema>;
  }
  const failure = schemas.ErrorEnvelope.safeParse(json);
  if (failure.success) {
    const { code, message, value } = failure.data;
    // The server no longer knows the token (expired, revoked, self-excluded): the visitor is
    // logged out here too, so the header and the route guards stop treating them as a member.
    if (code === 'NOT_LOGGED_IN' && token && token === readSessionToken()) endSession();
    if (code === 'PASSWORD_CHANGE_REQUIRED' && token && token === readSessionToken()) {
      requirePasswordChange();
    }
    throw new ApiError(code, message, response.status, value);
  }
  throw new ApiError(
    response.status >= 502 && response.status <= 504 ? 'NETWORK_ERROR' : 'INTERNAL_ERROR',
    response.statusText,
    response.status,
  );
}

type GetOptions = { query?: Record<string, string>; signal?: AbortSignal };

/**
 * GETs a member API path, unwraps the `{success, value}` envelope and validates the value with
 * the named schema of @app/shared; a failure envelope becomes an `ApiError`.
 */
export function apiGet<Schema extends ValueSchema>(
  path: string,
  schema: Schema,
  options: GetOptions = {},
): Promise<Parsed<Schema>> {
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  return call('GET', `${path}${search}`, schema, undefined, options.signal);
}

type SendOptions = { signal?: AbortSignal } & (
  | {
      body?: unknown;
      /** SPEC section 7 "encrypted" calls: the body is sealed to the server's public key. */
      encrypted?: boolean;
    }
  /** Sent as application/x-www-form-urlencoded (the forgot-by-email call). */
  | { form: Record<string, string> }
);

// The key is fetched once, on the first encrypted call, and again if the server says it could
// not open a body (it was restarted with a new key).
let publicKey: Promise<PublicKeyInfo> | undefined;
function serverPublicKey(): Promise<PublicKeyInfo> {
  publicKey ??= apiGet('/wps/system/publicKey', 'PublicKeyInfo').catch((error: unknown) => {
    publicKey = undefined;
    throw error;
  });
  return publicKey;
}

async function seal(payload: unknown): Promise<Shared.EncryptedBody> {
  const [shared, key] = await Promise.all([loadShared(), serverPublicKey()]);
  return shared.encryptBody(key, payload);
}

function requestBody(options: SendOptions): Body {
  if ('form' in options) return { form: options.form };
  const json = options.body ?? {};
  return options.encrypted ? { sealed: json } : { json };
}

/** POSTs, PUTs or DELETEs on a member API path; the answer is handled as by `apiGet`. */
export async function apiSend<Schema extends ValueSchema>(
  method: Exclude<Method, 'GET'>,
  path: string,
  schema: Schema,
  options: SendOptions = {},
): Promise<Parsed<Schema>> {
  const body = method === 'DELETE' ? undefined : requestBody(options);
  try {
    return await call(method, path, schema, body, options.signal);
  } catch (error) {
    const sealed = body !== undefined && 'sealed' in body;
    if (!(sealed && error instanceof ApiError && error.code === 'DECRYPTION_FAILED')) throw error;
    publicKey = undefined;
    return call(method, path, schema, body, options.signal);
  }
}

/** A file the server answered (a CSV export) and the name it gave it. */
export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * GETs a member API path that answers a file instead of the envelope (the agent report CSV
 * exports), with the session like any call; a failure envelope becomes an `ApiError`.
 */
export async function apiDownload(
  path: string,
  options: GetOptions & { fallbackName: string },
): Promise<DownloadedFile> {
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const token = readSessionToken();
  const response = await send('GET', `${path}${search}`, token, undefined, options.signal);
  if (response.ok) {
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? options.fallbackName;
    return { blob: await response.blob(), fileName };
  }
  const json: unknown = await response.json().catch(() => null);
  const failure = (await loadSchemas(null)).ErrorEnvelope.safeParse(json);
  if (failure.success) {
    const { code, message, value } = failure.data;
    if (code === 'NOT_LOGGED_IN' && token && token === readSessionToken()) endSession();
    throw new ApiError(code, message, response.status, value);
  }
  throw new ApiError(
    response.status >= 502 && response.status <= 504 ? 'NETWORK_ERROR' : 'INTERNAL_ERROR',
    response.statusText,
    response.status,
  );
}

/** Downloads a file from a member API path (`apiDownload`) and hands it to the browser to save. */
export async function saveDownload(
  path: string,
  options: GetOptions & { fallbackName: string },
): Promise<void> {
  const { blob, fileName } = await apiDownload(path, options);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
