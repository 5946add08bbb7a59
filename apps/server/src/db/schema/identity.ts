import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { merchantColumn } from './platform.js';
import { bytea, createdAt, updatedAt } from './columns.js';

/** Contact and profile fields a merchant may switch on for registration (SPEC section 3). */
export type MemberProfile = Partial<
  Record<
    | 'qqNum'
    | 'line'
    | 'whatsapp'
    | 'facebook'
    | 'wechat'
    | 'telegram'
    | 'zalo'
    | 'idNumber'
    | 'address'
    | 'nationality'
    | 'occupation'
    | 'sourceOfIncome',
    string
  >
>;

/**
 * A player account: member (type 0), agent (1, 2, 41, 42) or trial (4). Usernames are stored
 * lower-case so that uniqueness ignores case.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    username: varchar('username', { length: 32 }).notNull(),
    type: smallint('type').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    paymentPasswordHash: text('payment_password_hash'),
    countryDialingCode: varchar('country_dialing_code', { length: 4 }),
    mobileNum: varchar('mobile_num', { length: 20 }),
    /**
     * When an SMS code proved the mobile number (decision 017); a number typed at username
     * registration stays unverified and serves no reset, SMS login or second verification.
     */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    email: varchar('email', { length: 254 }),
    nickname: varchar('nickname', { length: 40 }),
    payeeName: varchar('payee_name', { length: 80 }),
    birthday: date('birthday'),
    profile: jsonb('profile').$type<MemberProfile>().notNull().default({}),
    icon: varchar('icon', { length: 32 }),
    /** Interface language the member last chose (SPEC: language change tells the server). */
    language: varchar('language', { length: 2 }),
    recommenderId: varchar('recommender_id', { length: 32 }),
    affiliateCode: varchar('affiliate_code', { length: 32 }),
    /** The referral code given at registration, as typed (the referrer is `referrerId`). */
    referralCode: varchar('referral_code', { length: 32 }),
    /** The account whose referral code this one registered with (member centre: referral). */
    referrerId: integer('referrer_id'),
    /** This account's own referral code, made the first time its referral page asks for it. */
    inviteCode: varchar('invite_code', { length: 16 }),
    /** The agent this account was registered or moved under; null at the top of a tree. */
    uplineId: integer('upline_id'),
    registerIp: inet('register_ip'),
    registerUrl: text('register_url'),
    /** Set by an operator's password reset: the member must change it at next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * A password emailed by "forgot password": logs in once, until it expires, and forces a
     * change; the forced change accepts it as the old password until a new one is set.
     */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    tempPasswordUsedAt: timestamp('temp_password_used_at', { withTimezone: true }),
    /**
     * Authenticator app (TOTP, RFC 6238) bound from the security centre: the Base32 secret while
     * it is being set up, then the bound one and the last time step used (codes never replay). Both secrets are sealed
     * (lib/secret-box.ts) by the member module.
     */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpLastStep: integer('totp_last_step'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    firstLoginAt: timestamp('first_login_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    selfExcludedUntil: timestamp('self_excluded_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('members_username_unique').on(t.merchantId, t.username),
    uniqueIndex('members_mobile_unique')
      .on(t.merchantId, t.countryDialingCode, t.mobileNum)
      .where(sql`${t.mobileNum} is not null`),
    index('members_upline').on(t.uplineId),
    index('members_referrer').on(t.referrerId, t.createdAt),
    uniqueIndex('members_invite_code_unique')
      .on(t.merchantId, t.inviteCode)
      .where(sql`${t.inviteCode} is not null`),
  ],
);

/** The member a row belongs to: `member_id integer not null references members`. */
export const memberColumn = () =>
  integer('member_id')
    .notNull()
    .references(() => members.id);

/**
 * The agent tree as a closure table (decision 011): one row per (ancestor, descendant) pair,
 * including each account with itself at depth 0, so "is X in Y's downline" and "Y's whole team"
 * are one indexed lookup on PGlite and PostgreSQL alike.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    merchantId: merchantColumn(),
    ancestorId: integer('ancestor_id')
      .notNull()
      .references(() => members.id),
    descendantId: integer('descendant_id')
      .notNull()
      .references(() => members.id),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('member_tree_descendant').on(t.descendantId, t.depth),
    // "The team of X" (depth >= 1) from the index alone, for the agent reports.
    index('member_tree_ancestor_depth').on(t.ancestorId, t.depth, t.descendantId),
  ],
);

/** Opaque bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    memberId: memberColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    method: varchar('method', { length: 16 }).notNull(),
    ip: inet('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    gamingVenue: varchar('gaming_venue', { length: 64 }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/** Every login attempt, for the security centre's history and for abuse review. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    memberId: integer('member_id').references(() => members.id),
    username: varchar('username', { length: 64 }).notNull(),
    ip: inet('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** The browser's own random id (`Device-Id` header), to find members sharing a device. */
    deviceId: varchar('device_id', { length: 64 }),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_events_member_idx').on(t.memberId, t.createdAt),
    index('login_events_device_idx').on(t.merchantId, t.deviceId),
  ],
);

/** Addresses a member has logged in from; a new one asks for a second verification. */
export const memberIps = pgTable(
  'member_ips',
  {
    memberId: memberColumn(),
    ip: inet('ip').notNull(),
    firstSeenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.ip] })],
);

/** Captcha challenges; the answer is kept hashed and each challenge is good for one check. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: merchantColumn(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** One-time codes sent by SMS or email, bound to their purpose and destination. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    destination: varchar('destination', { length: 254 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_lookup').on(t.merchantId, t.purpose, t.destination)],
);

/** Messages the development provider "sent": operators and tests read codes here. */
export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  merchantId: merchantColumn(),
  channel: varchar('channel', { length: 8 }).notNull(),
  destination: varchar('destination', { length: 254 }).notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/**
 * Persons barred from registering or playing (SPEC section 1): officials, armed forces and
 * police, licence holders, self-excluded persons and national database entries. Names are kept
 * normalised (upper case, single spaces) for matching.
 */
export const restrictedPersons = pgTable(
  'restricted_persons',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    fullName: varchar('full_name', { length: 120 }).notNull(),
    birthday: date('birthday'),
    idNumber: varchar('id_number', { length: 40 }),
    category: varchar('category', { length: 24 }).notNull(),
    source: varchar('source', { length: 80 }).notNull().default(''),
    /** Self-exclusions end; every other entry stays until an operator removes it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('restricted_persons_name_idx').on(t.merchantId, t.fullName)],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  merchantId: merchantColumn(),
  memberId: integer('member_id').references(() => members.id),
  type: smallint('type').notNull(),
  content: text('content').notNull(),
  sender: varchar('sender', { length: 64 }).notNull(),
  ip: inet('ip').notNull(),
  createdAt: createdAt(),
});

/** Codes that register a new account under an agent (SPEC: affiliate code, /wps/agent/affiliate). */
export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    merchantId: merchantColumn(),
    code: varchar('code', { length: 32 }).notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => members.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.code] })],
);

/**
 * A member's identity verification: personal information (step 1) and its review. Status N
 * (waiting for a decision), A (approved) or R (rejected); an operator decides.
 */
export const kycProfiles = pgTable('kyc_profiles', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  merchantId: merchantColumn(),
  status: varchar('status', { length: 1 }).notNull().default('N'),
  idType: smallint('id_type').notNull(),
  payeeName: varchar('payee_name', { length: 80 }).notNull(),
  birthday: date('birthday').notNull(),
  address: varchar('address', { length: 200 }).notNull(),
  permanentAddress: varchar('permanent_address', { length: 200 }).notNull(),
  placeOfBirth: varchar('place_of_birth', { length: 100 }).notNull(),
  nationality: varchar('nationality', { length: 60 }).notNull(),
  sourceOfIncome: smallint('source_of_income').notNull(),
  occupation: smallint('occupation').notNull(),
  employerName: varchar('employer_name', { length: 100 }).notNull().default(''),
  reviewNote: text('review_note'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * The three ID images, re-encoded as JPEG without metadata. Kept in the database rather than on
 * a server's disk so that any process can serve the operator's review (decision 004).
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    memberId: memberColumn(),
    kind: varchar('kind', { length: 8 }).notNull(),
    contentType: varchar('content_type', { length: 32 }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** Operator-managed option lists (SPEC: dropdown menus, menuGroup gamingvenue). */
export const dropdownMenus = pgTable(
  'dropdown_menus',
  {
    id: serial('id').primaryKey(),
    merchantId: merchantColumn(),
    menuGroup: varchar('menu_group', { length: 32 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    labelEn: varchar('label_en', { length: 100 }).notNull(),
    labelTl: varchar('label_tl', { length: 100 }).notNull(),
    sequence: smallint('sequence').notNull(),
  },
  (t) => [uniqueIndex('dropdown_menus_unique').on(t.merchantId, t.menuGroup, t.code)],
);

/**
 * A login held back because it came from an unknown network (the password was right) or because
 * the account is under attack (decision 017: right or wrong, the answer is the same): the
 * member must now prove it is them (SMS code, bound email, authenticator, bank account name).
 */
export const loginChallenges = pgTable('login_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  memberId: memberColumn(),
  area: varchar('area', { length: 8 }).notNull(),
  ip: inet('ip').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  /** The held login used an emailed temporary password: the change is forced once it completes. */
  forcePasswordChange: boolean('force_password_change').notNull().default(false),
  /** Whether the password was right: a hold under attack completes only when it was. */
  passwordOk: boolean('password_ok').notNull().default(true),
  /** Held under attack: only a second factor (verified mobile, email, authenticator) completes it. */
  factorsOnly: boolean('factors_only').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * A merchant's Facebook or Google sign-in client: the issuer its OpenID configuration is
 * discovered from and the credentials the provider issued. The FACEBOOKLOGIN and GOOGLELOGIN
 * switches turn the buttons on; a switch without a row here stays off.
 */
export const socialProviders = pgTable(
  'social_providers',
  {
    merchantId: merchantColumn(),
    provider: varchar('provider', { length: 16 }).notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Sealed (lib/secret-box.ts): the social module seals and opens it. */
    clientSecret: text('client_secret').notNull(),
    /** For a provider whose discovery document omits it (Facebook lists no token endpoint). */
    tokenEndpoint: text('token_endpoint'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.provider] })],
);

/** Which member a provider's account (its `sub`) signs in as. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    merchantId: merchantColumn(),
    provider: varchar('provider', { length: 16 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    memberId: memberColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.provider, t.subject] }),
    index('social_identities_member_idx').on(t.memberId),
  ],
);

/**
 * One social sign-in from start to session: the PKCE verifier and nonce while the visitor is at
 * the provider, then the single-use login code the web app exchanges for the session. Bound to
 * the browser that started it by the hash of a cookie; state and code are stored hashed.
 */
export const socialSignIns = pgTable('social_sign_ins', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantId: merchantColumn(),
  provider: varchar('provider', { length: 16 }).notNull(),
  stateHash: varchar('state_hash', { length: 64 }).notNull().unique(),
  browserHash: varchar('browser_hash', { length: 64 }).notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  nonce: varchar('nonce', { length: 128 }).notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  returnedAt: timestamp('returned_at', { withTimezone: true }),
  memberId: integer('member_id').references(() => members.id),
  loginCodeHash: varchar('login_code_hash', { length: 64 }).unique(),
  loginCodeExpiresAt: timestamp('login_code_expires_at', { withTimezone: true }),
  exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
  createdAt: createdAt(),
});
