import {
  boolean,
  cidr,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  index,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

/** Text an operator writes once per interface language. */
export type LocalizedText = { EN: string; TL: string };

/** A white-label site; every business row carries its id. */
export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  currency: varchar('currency', { length: 3 }).notNull().default('PHP'),
  currencySymbol: varchar('currency_symbol', { length: 8 }).notNull().default('₱'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
});

/** The merchant a row belongs to: `merchant_id integer not null references merchants`. */
export const merchantColumn = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id);

/** Hosts that resolve to a merchant, and the page a visitor of that host lands on. */
export const merchantDomains = pgTable('merchant_domains', {
  id: serial('id').primaryKey(),
  merchantId: merchantColumn(),
  host: varchar('host', { length: 253 }).notNull().unique(),
  isMain: boolean('is_main').notNull().default(false),
  route: varchar('route', { length: 64 }).notNull().default('/'),
  affiliateCode: varchar('affiliate_code', { length: 32 }),
});

/** One row per merchant: the operator settings the system endpoints read. */
export const merchantSettings = pgTable('merchant_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  defaultLanguage: varchar('default_language', { length: 2 }).notNull().default('EN'),
  /** IANA time zone of the merchant's days (limits, records, reports, settlement; decision 024). */
  timeZone: text('time_zone').notNull().default('Asia/Manila'),
  maintenanceEnabled: boolean('maintenance_enabled').notNull().default(false),
  maintenanceTitle: jsonb('maintenance_title').$type<LocalizedText>().notNull(),
  maintenanceInfo: jsonb('maintenance_info').$type<LocalizedText>().notNull(),
  customerServiceUrl: text('customer_service_url').notNull().default(''),
  gtagId: varchar('gtag_id', { length: 32 }),
  imageCdns: text('image_cdns').array().notNull().default([]),
  launchGameCdns: text('launch_game_cdns').array().notNull().default([]),
  updatedAt: updatedAt(),
});

export const whitelabelSwitches = pgTable(
  'whitelabel_switches',
  {
    merchantId: merchantColumn(),
    code: varchar('code', { length: 32 }).notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.code] })],
);

export const registerFieldRules = pgTable(
  'register_field_rules',
  {
    merchantId: merchantColumn(),
    field: varchar('field', { length: 32 }).notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
    acceptedPattern: text('accepted_pattern').notNull().default('*'),
    patternId: varchar('pattern_id', { length: 32 }).notNull().default('ANY'),
    minLength: smallint('min_length').notNull().default(0),
    maxLength: smallint('max_length').notNull().default(64),
    sequence: smallint('sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.field] })],
);

/**
 * Region restriction rules: a visitor whose IP falls in `ipRange`, or whose country (as reported
 * by the trusted edge header) equals `countryCode`, sees the blocked page.
 */
export const regionRules = pgTable(
  'region_rules',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    ipRange: cidr('ip_range'),
    countryCode: varchar('country_code', { length: 2 }),
    note: text('note').notNull().default(''),
  },
  (t) => [index('region_rules_merchant_idx').on(t.merchantId)],
);

/** Links and assets by key (social links, app downloads, regulator), SPEC section 3. */
export const resources = pgTable(
  'resources',
  {
    merchantId: merchantColumn(),
    key: varchar('key', { length: 32 }).notNull(),
    labelNameEn: text('label_name_en').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.key] })],
);

export const helpSections = pgTable(
  'help_sections',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    key: varchar('key', { length: 32 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    device: varchar('device', { length: 8 }).notNull().default('WEB'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sequence: smallint('sequence').notNull(),
  },
  (t) => [uniqueIndex('help_sections_unique').on(t.merchantId, t.key, t.language, t.device)],
);

export const gameCategories = pgTable(
  'game_categories',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    code: varchar('code', { length: 16 }).notNull(),
    sequence: smallint('sequence').notNull(),
  },
  (t) => [uniqueIndex('game_categories_unique').on(t.merchantId, t.code)],
);

/** A game provider; `code` is its vassalage (PG, JDB, DS88, ...). */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => gameCategories.id),
    code: varchar('code', { length: 32 }).notNull(),
    displayName: text('display_name').notNull(),
    /** The vendor's logo image (a URL or a path on the member site); '' shows its name only. */
    logoUrl: text('logo_url').notNull().default(''),
    walletMode: varchar('wallet_mode', { length: 16 }).notNull().default('seamless'),
    enabled: boolean('enabled').notNull().default(true),
    maintenance: boolean('maintenance').notNull().default(false),
    sequence: smallint('sequence').notNull(),
  },
  (t) => [uniqueIndex('vendors_unique').on(t.merchantId, t.categoryId, t.code)],
);

/** A launchable game; its id is the SPEC's nodeId. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    gameType: varchar('game_type', { length: 16 }).notNull(),
    gameClassify: varchar('game_classify', { length: 32 }).notNull().default(''),
    isGame: varchar('is_game', { length: 16 }).notNull().default('GAME'),
    isHot: smallint('is_hot').notNull().default(0),
    isNew: smallint('is_new').notNull().default(0),
    lagerIcon: text('lager_icon').notNull().default(''),
    iconUrl: text('icon_url').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** The operator paused this one game; launch answers GAME_MAINTENANCE. */
    maintenance: boolean('maintenance').notNull().default(false),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [
    uniqueIndex('games_unique').on(t.merchantId, t.vendorId, t.gameCode),
    index('games_type_idx').on(t.merchantId, t.gameType),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    groupName: varchar('group_name', { length: 32 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    imageUrl: text('image_url').notNull(),
    linkageType: varchar('linkage_type', { length: 16 }).notNull(),
    linkage: text('linkage').notNull().default(''),
    sequence: smallint('sequence').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** An operator's label for the back office (content module). */
    title: text('title').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [index('banners_group_idx').on(t.merchantId, t.groupName, t.language)],
);

export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    /** B banner, PL platform, PU public, PR promotion, H home (SPEC section 7). */
    type: varchar('type', { length: 2 }).notNull(),
    /** W web, A app. */
    platform: varchar('platform', { length: 1 }).notNull().default('W'),
    /** A logged in, B anonymous, F first login. */
    execution: varchar('execution', { length: 1 }).notNull().default('B'),
    language: varchar('language', { length: 2 }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** ANNOUNCEMENT (modal list), NOTICE (marquee, platform W or A), POPUP (popup modal). */
    kind: varchar('kind', { length: 16 }).notNull().default('ANNOUNCEMENT'),
    /** Images shown by sequence (SPEC section 3, announcement image). */
    images: jsonb('images').$type<{ url: string; sequence: number }[]>().notNull().default([]),
    /** Schedule: shown from `startsAt` (else publishedAt) until `endsAt` (else forever). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** Who sees it: all (everyone the execution allows) or agents (signed-in agents only). */
    audience: varchar('audience', { length: 8 }).notNull().default('all'),
    updatedAt: updatedAt(),
  },
  (t) => [index('announcements_merchant_idx').on(t.merchantId, t.type, t.language)],
);

/** Named seed steps already applied; each step runs once, in the transaction that records it. */
export const seedRuns = pgTable('seed_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The RSA key pair encrypted calls are sealed to; made once, shared by every server process. */
export const serverKeys = pgTable('server_keys', {
  keyId: varchar('key_id', { length: 64 }).primaryKey(),
  publicSpki: text('public_spki').notNull(),
  privatePkcs8: text('private_pkcs8').notNull(),
  createdAt: createdAt(),
});
