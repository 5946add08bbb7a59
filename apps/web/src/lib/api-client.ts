import type * as Shared from '@app/shared';
import type { PublicKeyInfo } from '@app/shared';
import {
  ApiError,
  createHttpClient,
  queryString,
  type GetOptions,
  type Method,
  type RequestBody,
} from '@app/client';
import type * as Home from '@app/shared/home';
import type * as Startup from '@app/shared/startup';
import type * as StartupGuards from '@app/shared/startup-guards';
import { loadChunk } from '@app/shared/chunk-load';
import { takeBootResponse } from './boot-requests';
import { DEVICE_ID_HEADER, deviceId } from './device-id';
import { currentLanguage } from './i18n';
import { endSession, readMerchantCode, readSessionToken, requirePasswordChange } from './session';

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
// index.html asked for the first paint's answers already: their readers are fetched now, as the
// entry script starts, instead of once the first answer is read (a round trip before the paint).
// A failure is reported by the read that needs them.
if (typeof window !== 'undefined' && window.__bootRequests) {
  loadStartupGuards().catch(() => undefined);
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

const HEADERS = {
  authorization: 'Authorization',
  merchant: 'Merchant',
  language: 'Language',
  device: 'Device',
} as const satisfies typeof Shared.API_HEADERS;

/** The member API over the shared client; `download.ts` uses it for files. */
export const http = createHttpClient({
  base: '',
  headers(method) {
    const headers = new Headers({ [HEADERS.language]: currentLanguage(), [HEADERS.device]: 'WEB' });
    const merchant = readMerchantCode();
    if (merchant) headers.set(HEADERS.merchant, merchant);
    // Logins and registrations are sent with the browser's device id (never needed on reads).
    if (method !== 'GET') headers.set(DEVICE_ID_HEADER, deviceId());
    return headers;
  },
  readToken: readSessionToken,
  errorEnvelope: () => loadSchemas(null).then((schemas) => schemas.ErrorEnvelope),
  onRefused(code) {
    // The server no longer knows the token (expired, revoked, self-excluded): the visitor is
    // logged out here too, so the header and the route guards stop treating them as a member.
    if (code === 'NOT_LOGGED_IN') endSession();
    if (code === 'PASSWORD_CHANGE_REQUIRED') requirePasswordChange();
  },
  early: takeBootResponse,
});

/** A request body, or one to seal to the server's public key first. */
type Body = RequestBody | { sealed: unknown };

async function call<Schema extends ValueSchema>(
  method: Method,
  path: string,
  schema: Schema,
  body: Body | undefined,
  signal: AbortSignal | undefined,
): Promise<Parsed<Schema>> {
  const startup = isStartupAnswer(schema);
  const json = body && 'sealed' in body ? { json: await seal(body.sealed) } : body;
  const [sent, loaded] = await Promise.all([
    http.send(method, path, json, signal),
    startup ? loadStartupGuards().then(() => null) : loadSchemas(schema),
  ]);
  const value = await http.value(sent);
  if (startup) {
    const read = await readStartupAnswer(schema, value);
    if (read !== undefined) return read as Parsed<Schema>;
  }
  // Anything a reader refuses is parsed by zod, so it fails with the same error as without one.
  const schemas = loaded ?? (await loadSchemas(schema));
  return parseValue(schemas, schema, value) as Parsed<Schema>;
}

/**
 * GETs a member API path, unwraps the `{success, value}` envelope and validates the value with
 * the named schema of @app/shared; a failure envelope becomes an `ApiError`.
 */
export function apiGet<Schema extends ValueSchema>(
  path: string,
  schema: Schema,
  options: GetOptions = {},
): Promise<Parsed<Schema>> {
  return call('GET', `${path}${queryString(options.query)}`, schema, undefined, options.signal);
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
