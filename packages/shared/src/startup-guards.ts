// Hand-written readers of the answers the web app's first paint waits for (system status,
// merchant configuration, game menus). They accept exactly the JSON values their zod schemas
// accept and return the same value (unknown keys stripped), without loading zod: the schemas stay
// the contract, and startup-guards.test.ts holds the readers to them. Only types come from the
// schema files, and the lists come from zod-free files, so this module never pulls zod in.
import type { GameMenus } from './games/menus.js';
import { GAME_CATEGORIES } from './lists/game-categories.js';
import { LANGUAGES } from './lists/languages.js';
import { PATTERN_IDS, REGISTER_FIELDS } from './lists/register-fields.js';
import { WHITELABEL_SWITCHES } from './lists/whitelabel-switches.js';
import type { PermissionInfo } from './system/permission.js';
import type { SystemStatus } from './system/status.js';
import type { Whitelabel } from './system/whitelabel.js';

/** What a reader returns for a value its schema refuses. */
export const INVALID: unique symbol = Symbol('invalid');

/** Reads a value as its zod schema parses it: the parsed value, or `INVALID`. */
export type Reader<T> = (value: unknown) => T | typeof INVALID;

type Fields = Record<string, unknown>;

// z.object() and z.record() take any non-null, non-array object (JSON.parse makes only plain ones).
function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const string: Reader<string> = (value) => (typeof value === 'string' ? value : INVALID);

const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID);

/** z.number().int() with a lower bound: a safe integer (zod 4's int) of at least `min`. */
function integerFrom(min: number): Reader<number> {
  return (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min ? value : INVALID;
}

/** z.enum() and unions of z.literal(). */
function oneOf<T>(values: readonly T[]): Reader<T> {
  return (value) => (values.includes(value as T) ? (value as T) : INVALID);
}

function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value) => (value === null ? null : read(value));
}

function list<T>(read: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return INVALID;
    const items: T[] = [];
    for (const item of value as unknown[]) {
      const checked = read(item);
      if (checked === INVALID) return INVALID;
      items.push(checked);
    }
    return items;
  };
}

/** z.object(): every declared key must read; undeclared keys are left out, as zod strips them. */
function object<T>(shape: { [Key in keyof T]: Reader<T[Key]> }): Reader<T> {
  return (value) => {
    if (!isObject(value)) return INVALID;
    const fields: Fields = {};
    for (const key in shape) {
      const field = shape[key](value[key]);
      if (field === INVALID) return INVALID;
      fields[key] = field;
    }
    return fields as T;
  };
}

/** z.record(z.string(), ...): every own key; zod skips `__proto__` (JSON.parse makes it own). */
function record<T>(read: Reader<T>): Reader<Record<string, T>> {
  return (value) => {
    if (!isObject(value)) return INVALID;
    const entries: Record<string, T> = {};
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue;
      const entry = read(value[key]);
      if (entry === INVALID) return INVALID;
      entries[key] = entry;
    }
    return entries;
  };
}

const maintenance = { title: string, info: string };

/** SystemStatus of system/status.ts. */
export const readSystemStatus: Reader<SystemStatus> = object<SystemStatus>({
  status: oneOf([0, 1, 2] as const),
  maintenance: nullable(object(maintenance)),
  regionRestriction: nullable(object({ ip: string })),
  customerServiceUrl: string,
});

/** PermissionInfo of system/permission.ts. */
export const readPermissionInfo: Reader<PermissionInfo> = object<PermissionInfo>({
  merchantCode: string,
  merchantName: string,
  currency: string,
  currencySymbol: string,
  defaultLanguage: oneOf(LANGUAGES),
  customerService: object({ url: string }),
  domainRoute: list(
    object({ host: string, isMain: boolean, route: string, affiliateCode: nullable(string) }),
  ),
  resources: record(object({ labelNameEn: string, url: string })),
  whitelabel: object(
    Object.fromEntries(WHITELABEL_SWITCHES.map((code) => [code, boolean])) as {
      [Switch in keyof Whitelabel]: Reader<boolean>;
    },
  ),
  register: list(
    object({
      field: oneOf(REGISTER_FIELDS),
      enabled: boolean,
      required: boolean,
      acceptedPattern: string,
      patternId: oneOf(PATTERN_IDS),
      minLength: integerFrom(0),
      // z.number().int().positive(): an integer above 0.
      maxLength: integerFrom(1),
    }),
  ),
  mainDomain: string,
  analytics: object({ gtagId: nullable(string) }),
  imageCDNs: list(string),
  launchGameCDNs: list(string),
  location: object({ ip: string }),
  maintenance: object({ ...maintenance, enabled: boolean }),
  regionRestriction: object({ restricted: boolean, ip: string }),
  timeZone: string,
});

/** GameMenus of games/menus.ts. */
export const readGameMenus: Reader<GameMenus> = list(
  object({
    gameCategory: oneOf(GAME_CATEGORIES),
    vendors: list(
      object({
        displayName: string,
        vassalage: string,
        gameType: oneOf(GAME_CATEGORIES),
        maintenance: boolean,
        logoUrl: string,
      }),
    ),
  }),
);

/** The readers by the name of the schema they stand in for. */
export const STARTUP_READERS = {
  SystemStatus: readSystemStatus,
  PermissionInfo: readPermissionInfo,
  GameMenus: readGameMenus,
};
