import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GameMenus } from './games/menus.js';
import { LANGUAGES } from './lists/languages.js';
import { GAME_CATEGORIES } from './lists/game-categories.js';
import { PATTERN_IDS, REGISTER_FIELDS } from './lists/register-fields.js';
import { WHITELABEL_SWITCHES } from './lists/whitelabel-switches.js';
import { INVALID, type Reader, STARTUP_READERS } from './startup-guards.js';
import { PermissionInfo } from './system/permission.js';
import { SystemStatus } from './system/status.js';

// Answers shaped like each schema, so that most mutations below land next to a valid answer.
const maintenance = fc.record({ title: fc.string(), info: fc.string() });

const systemStatus = fc.record({
  status: fc.constantFrom(0, 1, 2),
  maintenance: fc.option(maintenance, { nil: null }),
  regionRestriction: fc.option(fc.record({ ip: fc.string() }), { nil: null }),
  customerServiceUrl: fc.string(),
});

const length = fc.oneof(fc.nat(), fc.constantFrom(0, 1, Number.MAX_SAFE_INTEGER));

const permissionInfo = fc.record({
  merchantCode: fc.string(),
  merchantName: fc.string(),
  currency: fc.string(),
  currencySymbol: fc.string(),
  defaultLanguage: fc.constantFrom(...LANGUAGES),
  customerService: fc.record({ url: fc.string() }),
  domainRoute: fc.array(
    fc.record({
      host: fc.string(),
      isMain: fc.boolean(),
      route: fc.string(),
      affiliateCode: fc.option(fc.string(), { nil: null }),
    }),
  ),
  resources: fc.dictionary(fc.string(), fc.record({ labelNameEn: fc.string(), url: fc.string() })),
  whitelabel: fc.record(
    Object.fromEntries(WHITELABEL_SWITCHES.map((code) => [code, fc.boolean()])),
  ),
  register: fc.array(
    fc.record({
      field: fc.constantFrom(...REGISTER_FIELDS),
      enabled: fc.boolean(),
      required: fc.boolean(),
      acceptedPattern: fc.string(),
      patternId: fc.constantFrom(...PATTERN_IDS),
      minLength: length,
      maxLength: length,
    }),
    { maxLength: 4 },
  ),
  mainDomain: fc.string(),
  analytics: fc.record({ gtagId: fc.option(fc.string(), { nil: null }) }),
  imageCDNs: fc.array(fc.string()),
  launchGameCDNs: fc.array(fc.string()),
  location: fc.record({ ip: fc.string() }),
  maintenance: fc.record({ title: fc.string(), info: fc.string(), enabled: fc.boolean() }),
  regionRestriction: fc.record({ restricted: fc.boolean(), ip: fc.string() }),
  timeZone: fc.string(),
});

const category = fc.constantFrom(...GAME_CATEGORIES);
const gameMenus = fc.array(
  fc.record({
    gameCategory: category,
    vendors: fc.array(
      fc.record({
        displayName: fc.string(),
        vassalage: fc.string(),
        gameType: category,
        maintenance: fc.boolean(),
        logoUrl: fc.string(),
      }),
      { maxLength: 3 },
    ),
  }),
  { maxLength: 4 },
);

// Values a server bug or a proxy could put in a field: wrong types, near-miss enum values and
// numbers just outside a rule (negative, fractional, zero, beyond a safe integer).
const nearMiss = fc.oneof(
  fc.constantFrom('', 'en', 'XX', 'elott', -1, 0, 0.5, 3, 2 ** 53, null, true, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);

type Mutation =
  | { kind: 'remove'; at: number }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'add'; at: number; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: nearMiss }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'status', 'EN')),
    value: nearMiss,
  }),
);

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number };

/** Every field and list item of a JSON value, depth first. */
function slots(value: unknown): Slot[] {
  if (typeof value !== 'object' || value === null) return [];
  const found: Slot[] = [];
  const parent = value as Record<string, unknown>;
  for (const key of Object.keys(parent)) {
    found.push({ parent, key: Array.isArray(value) ? Number(key) : key });
    found.push(...slots(parent[key]));
  }
  return found;
}

/** Applies the mutations to a copy, as JSON.parse would have made it. */
function mutated(valid: unknown, mutations: Mutation[]): unknown {
  const root = { answer: JSON.parse(JSON.stringify(valid)) as unknown };
  for (const change of mutations) {
    const all = slots(root);
    const { parent, key } = all[change.at % all.length]!;
    // A copy: fast-check may hand the same instance to two mutations.
    const value = 'value' in change ? (JSON.parse(JSON.stringify(change.value)) as unknown) : null;
    if (change.kind === 'remove') {
      if (parent === root) continue;
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (change.kind === 'replace') {
      (parent as Record<string, unknown>)[key] = value;
    } else {
      const target = (parent as Record<string, unknown>)[key];
      if (typeof target !== 'object' || target === null || Array.isArray(target)) continue;
      // As JSON.parse adds a key (an own one, even for __proto__).
      Object.defineProperty(target, change.key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  // A round trip through JSON: the readers' contract is what response.json() can return.
  return JSON.parse(JSON.stringify(root.answer)) as unknown;
}

function expectSameVerdict(schema: z.ZodType, read: Reader<unknown>, answer: unknown) {
  const parsed = schema.safeParse(answer);
  const value = read(answer);
  expect(value !== INVALID).toBe(parsed.success);
  if (parsed.success) expect(value).toStrictEqual(parsed.data);
}

const cases = [
  { name: 'SystemStatus', schema: SystemStatus, answer: systemStatus },
  { name: 'PermissionInfo', schema: PermissionInfo, answer: permissionInfo },
  { name: 'GameMenus', schema: GameMenus, answer: gameMenus },
] as const;

describe.each(cases)('the $name reader', ({ name, schema, answer }) => {
  const read = STARTUP_READERS[name] as Reader<unknown>;

  it('accepts every answer the schema accepts, and returns what the schema returns', () => {
    fc.assert(fc.property(answer, (valid) => expectSameVerdict(schema, read, mutated(valid, []))));
  });

  it('refuses what the schema refuses after fields are removed, retyped or added', () => {
    fc.assert(
      fc.property(answer, fc.array(mutation, { minLength: 1, maxLength: 3 }), (valid, changes) =>
        expectSameVerdict(schema, read, mutated(valid, changes)),
      ),
      { numRuns: 2000 },
    );
  });

  it('agrees with the schema on any JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => expectSameVerdict(schema, read, value)));
  });
});

describe('the readers on example answers', () => {
  it('pass a region-blocked status with its IP and strip a field the contract does not have', () => {
    const expected = {
      status: 2,
      maintenance: null,
      regionRestriction: { ip: '203.0.113.7' },
      customerServiceUrl: 'https://help.example',
    };
    const answer = { ...expected, debug: true };
    expect(STARTUP_READERS.SystemStatus(answer)).toStrictEqual(expected);
    expect(SystemStatus.parse(answer)).toStrictEqual(expected);
  });

  it('refuse a menu with a category the site does not know, as the schema does', () => {
    const answer = [{ gameCategory: 'POKER', vendors: [] }];
    expect(STARTUP_READERS.GameMenus(answer)).toBe(INVALID);
    expect(GameMenus.safeParse(answer).success).toBe(false);
  });
});
