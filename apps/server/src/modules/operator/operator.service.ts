import { randomBytes } from 'node:crypto';
import {
  OperatorRole,
  PLATFORM_SCOPE,
  ROLE_PERMISSIONS,
  passwordStrength,
  type OperatorInfo,
  type OperatorLoginRequest,
  type OperatorLoginResult,
  type OperatorPermission,
  type OperatorSessionResult,
  type OperatorTotpConfirmRequest,
} from '@app/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { consumeOrThrottle, type RateLimiter } from '../../lib/rate-limiter.js';
import { appendAudit, type AuditEntry } from '../audit/index.js';
import { newToken, sha256 } from '../../lib/token.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Merchant, MerchantResolver, MerchantZones } from '../merchant/index.js';
import * as repo from './operator.repository.js';
import type { OperatorRow } from './operator.repository.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/password.js';

export type { OperatorRow } from './operator.repository.js';

/** Operator sessions are shorter than member sessions (decision 008). */
export type OperatorSessionPolicy = { idleMinutes: number; absoluteHours: number };
export const OPERATOR_SESSION_POLICY: OperatorSessionPolicy = {
  idleMinutes: 30,
  absoluteHours: 12,
};

/**
 * Sign-in attempts on one operator (decision 008): a source may make this many at once, then waits
 * 2^(n - 5) seconds before each next one (at most 15 minutes); past this many from every source
 * together, a password is judged only with a TOTP code in the same request. Nobody is locked out.
 */
export const OPERATOR_FREE_ATTEMPTS = 5;
/** An attempt row restarts this long after its last attempt (and is pruned then, hourly). */
export const OPERATOR_ATTEMPT_WINDOW_SECONDS = 60 * 60;
const SOURCE_RULE: repo.AttemptRule = {
  free: OPERATOR_FREE_ATTEMPTS,
  maxDelaySeconds: 15 * 60,
  windowSeconds: OPERATOR_ATTEMPT_WINDOW_SECONDS,
};
const EVERY_SOURCE_RULE: repo.AttemptRule = { ...SOURCE_RULE, maxDelaySeconds: null };
const EVERY_SOURCE = '*';
/** Login and TOTP requests one address may make per minute. */
export const OPERATOR_LOGIN_PER_MINUTE = 30;
/** How long a TOTP enrolment started by password and enrolment code may be confirmed. */
const ENROLMENT_MINUTES = 10;
/** How long a one-time enrolment code from the command or an owner stays valid. */
export const ENROLMENT_CODE_HOURS = 72;
/** A code of the 30 s window before or after the current one still counts (clock drift). */
const DRIFT_SECONDS = 30;

export type OperatorDeps = {
  db: Db;
  limiter: RateLimiter;
  resolveMerchant: MerchantResolver;
  /** The merchants' time zones: the scoped merchant's days of the back office. */
  zones: MerchantZones;
  policy: OperatorSessionPolicy;
  /** Seals the TOTP secrets (stored sealed, opened to check a code). */
  secrets: SecretBox;
};

/** An operator with a live session, and the merchant this request works on. */
export type SignedInOperator = {
  operator: OperatorRow;
  sessionId: number;
  role: OperatorRole;
  permissions: readonly OperatorPermission[];
  /** The merchant whose data this request may read and change. */
  merchant: Merchant;
  /** A platform super-operator (no merchant of its own). */
  isPlatform: boolean;
};

type Caller = { ip: string; userAgent: string };

function audit(
  db: Db,
  operator: OperatorRow | null,
  entry: Omit<AuditEntry, 'actorType' | 'actorId'>,
) {
  return appendAudit(db, {
    ...entry,
    actorType: 'operator',
    actorId: operator ? String(operator.id) : null,
  });
}

/** The time step a code belongs to when it is right for the secret, else null. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epochTolerance: DRIFT_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Login and TOTP requests of one address per minute, before anything is looked up. */
function throttle(deps: OperatorDeps, caller: Caller) {
  return consumeOrThrottle(deps.limiter, `oplogin:ip:${caller.ip}`, OPERATOR_LOGIN_PER_MINUTE, 60);
}

/** Who attempts are counted on: a merchant's username (known or not), or a platform one's. */
type AttemptKey = { subject: string; source: string };

function attemptKey(scope: number | string | null, username: string, caller: Caller): AttemptKey {
  return { subject: `${scope ?? 'platform'}/${username}`, source: caller.ip };
}

/**
 * Reserves the attempt before any secret is checked (a burst counts in full). A source past its
 * free attempts waits; past the free attempts of every source the operator is under attack.
 */
async function reserveAttempt(deps: OperatorDeps, key: AttemptKey) {
  const own = await repo.reserveAttempt(deps.db, key, SOURCE_RULE);
  if ('blockedUntil' in own) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((own.blockedUntil.getTime() - Date.now()) / 1000),
    );
    throw new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds });
  }
  const all = await repo.reserveAttempt(
    deps.db,
    { subject: key.subject, source: EVERY_SOURCE },
    EVERY_SOURCE_RULE,
  );
  return { underAttack: 'attempts' in all && all.attempts > OPERATOR_FREE_ATTEMPTS };
}

function releaseAttempt(deps: OperatorDeps, key: AttemptKey) {
  return repo.releaseAttempt(deps.db, key, EVERY_SOURCE);
}

/** Audits a refused attempt; its reserved count stays spent. */
async function fail(
  deps: OperatorDeps,
  caller: Caller,
  operator: OperatorRow | undefined,
  input: { username: string; merchantId: number | null; reason: string },
) {
  await audit(deps.db, operator ?? null, {
    merchantId: input.merchantId,
    action: 'operator.login_failed',
    subjectType: 'operator',
    subjectId: operator ? String(operator.id) : null,
    after: { username: input.username, reason: input.reason },
    ip: caller.ip,
  });
}

async function openSession(
  deps: OperatorDeps,
  caller: Caller,
  operator: OperatorRow,
  key: AttemptKey,
): Promise<OperatorSessionResult> {
  const token = newToken();
  const sessionId = await repo.insertSession(deps.db, {
    operatorId: operator.id,
    tokenHash: sha256(token),
    ip: caller.ip,
    userAgent: caller.userAgent.slice(0, 500),
    expiresAt: new Date(Date.now() + deps.policy.absoluteHours * 3_600_000),
  });
  await repo.recordSuccess(deps.db, operator.id);
  await releaseAttempt(deps, key);
  await audit(deps.db, operator, {
    merchantId: operator.merchantId,
    action: 'operator.login',
    subjectType: 'operator_session',
    subjectId: String(sessionId),
    ip: caller.ip,
  });
  const role = OperatorRole.parse(operator.role);
  const ownMerchant =
    operator.merchantId === null
      ? null
      : ((await repo.findMerchantSummary(deps.db, operator.merchantId)) ?? null);
  const scope = ownMerchant ?? (await deps.resolveMerchant({ headerCode: undefined, host: '' }));
  return {
    step: 'session',
    token,
    operator: {
      id: operator.id,
      username: operator.username,
      role,
      permissions: [...ROLE_PERMISSIONS[role]],
      merchant: ownMerchant,
      scopeMerchant: {
        id: scope.id,
        code: scope.code,
        name: scope.name,
        timeZone: await deps.zones.zoneOf(scope.id),
      },
      isPlatform: operator.merchantId === null,
    },
  };
}

/** A one-time enrolment code: 128 random bits, 32 hex digits in groups of four. */
export function newEnrolmentCode(): string {
  return randomBytes(16)
    .toString('hex')
    .replace(/(.{4})(?!$)/g, '$1-');
}

/** The code as typed or pasted (any case, with or without the dashes and spaces). */
function normalizeEnrolmentCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** A code chosen by automation must be as hard to guess as a generated one (128+ bits). */
function checkEnrolmentCode(code: string) {
  if (!/^[0-9a-f]{32,64}$/.test(normalizeEnrolmentCode(code))) {
    throw new AppError('VALIDATION_ERROR', { field: 'enrolmentCode' });
  }
}

/**
 * Gives the operator a new one-time enrolment code (replacing any earlier one), valid for
 * ENROLMENT_CODE_HOURS; `code` is one chosen by the caller (automation), else a random one.
 */
export async function issueEnrolmentCode(
  db: Db,
  operatorId: number,
  code = newEnrolmentCode(),
): Promise<string> {
  checkEnrolmentCode(code);
  await repo.issueEnrolmentCode(db, operatorId, {
    codeHash: sha256(normalizeEnrolmentCode(code)),
    expiresAt: new Date(Date.now() + ENROLMENT_CODE_HOURS * 3_600_000),
  });
  return code;
}

/**
 * Password and second factor, in one request or two: an operator with TOTP sends a code of a time
 * step never used before (with the password, or after `totp_required`); one without TOTP sends
 * its one-time enrolment code with the password and gets a secret to enrol. While the operator is
 * under attack a password is judged only after the code in the same request was right, and every
 * wrong part gets the same answer.
 */
export async function login(
  deps: OperatorDeps,
  caller: Caller,
  request: OperatorLoginRequest,
): Promise<OperatorLoginResult> {
  await throttle(deps, caller);
  const username = request.username.toLowerCase();
  const merchant = request.merchantCode
    ? await repo.findMerchantIdByCode(deps.db, request.merchantCode)
    : null;
  const merchantId = merchant?.id ?? null;
  const operator =
    request.merchantCode && !merchant
      ? undefined
      : await repo.findOperatorByUsername(deps.db, merchantId, username);
  const key = attemptKey(
    merchant ? merchant.id : request.merchantCode ? `?${request.merchantCode}` : null,
    username,
    caller,
  );
  const { underAttack } = await reserveAttempt(deps, key);
  const refuse = async (reason: string, code: 'INVALID_CREDENTIALS' | 'CODE_INVALID') => {
    await fail(deps, caller, operator, { username, merchantId, reason });
    return new AppError(code);
  };

  if (operator && !operator.totpSecret) {
    return startEnrolment(deps, caller, { operator, merchant, request, key, refuse });
  }
  if (underAttack) {
    // Only the code is checked first: without the authenticator a password guess learns nothing,
    // and the time spent is the same as a judged one.
    const step =
      operator?.totpSecret && request.code
        ? await stepOf(deps.secrets.open(operator.totpSecret), request.code)
        : null;
    if (step === null) {
      await verifyPassword(DUMMY_HASH, request.password);
      if (!request.code) {
        await fail(deps, caller, operator, { username, merchantId, reason: 'code_required' });
        return { step: 'totp_required' };
      }
      throw await refuse('wrong_code', 'INVALID_CREDENTIALS');
    }
  }
  const valid = await verifyPassword(operator?.passwordHash ?? DUMMY_HASH, request.password);
  if (!operator?.totpSecret || !valid || operator.status !== 'active') {
    throw await refuse(valid ? 'disabled' : 'wrong_password', 'INVALID_CREDENTIALS');
  }
  if (!request.code) {
    await releaseAttempt(deps, key);
    return { step: 'totp_required' };
  }
  const step = await stepOf(deps.secrets.open(operator.totpSecret), request.code);
  if (step === null || !(await repo.claimTotpStep(deps.db, operator.id, step))) {
    throw await refuse(
      step === null ? 'wrong_code' : 'replayed_code',
      underAttack ? 'INVALID_CREDENTIALS' : 'CODE_INVALID',
    );
  }
  return openSession(deps, caller, operator, key);
}

/**
 * The first sign-in of an operator without TOTP: password and the one-time enrolment code in one
 * request start an enrolment. The password is judged only with the right code (same time spent
 * either way), and any wrong part gets the same answer as a wrong password.
 */
async function startEnrolment(
  deps: OperatorDeps,
  caller: Caller,
  input: {
    operator: OperatorRow;
    merchant: { name: string } | null | undefined;
    request: OperatorLoginRequest;
    key: AttemptKey;
    refuse: (reason: string, code: 'INVALID_CREDENTIALS') => Promise<AppError>;
  },
): Promise<OperatorLoginResult> {
  const { operator, request, refuse } = input;
  const codeHash = request.enrolmentCode
    ? sha256(normalizeEnrolmentCode(request.enrolmentCode))
    : null;
  const codeRight =
    codeHash !== null && (await repo.hasEnrolmentCode(deps.db, operator.id, codeHash));
  const valid = await verifyPassword(
    codeRight ? operator.passwordHash : DUMMY_HASH,
    request.password,
  );
  if (!codeRight || !valid || operator.status !== 'active') {
    const reason = !codeHash
      ? 'enrolment_code_required'
      : !codeRight
        ? 'wrong_enrolment_code'
        : !valid
          ? 'wrong_password'
          : 'disabled';
    throw await refuse(reason, 'INVALID_CREDENTIALS');
  }
  if (!(await repo.spendEnrolmentCode(deps.db, operator.id, codeHash))) {
    throw await refuse('spent_enrolment_code', 'INVALID_CREDENTIALS');
  }
  await releaseAttempt(deps, input.key);
  const secret = generateSecret();
  const enrolmentToken = newToken();
  await repo.startEnrolment(deps.db, operator.id, {
    secret: deps.secrets.seal(secret),
    tokenHash: sha256(enrolmentToken),
    expiresAt: new Date(Date.now() + ENROLMENT_MINUTES * 60_000),
  });
  await audit(deps.db, operator, {
    merchantId: operator.merchantId,
    action: 'operator.totp_enrolment_started',
    subjectType: 'operator',
    subjectId: String(operator.id),
    ip: caller.ip,
  });
  const issuer = input.merchant ? `${input.merchant.name} back office` : 'Platform back office';
  return {
    step: 'totp_enrolment',
    enrolmentToken,
    secret,
    otpauthUrl: generateURI({ issuer, label: operator.username, secret }),
  };
}

/** Confirms a TOTP enrolment with a code from the app, binds the secret and opens a session. */
export async function confirmTotp(
  deps: OperatorDeps,
  caller: Caller,
  request: OperatorTotpConfirmRequest,
): Promise<OperatorSessionResult> {
  await throttle(deps, caller);
  const tokenHash = sha256(request.enrolmentToken);
  const operator = await repo.findByEnrolmentToken(deps.db, tokenHash);
  if (!operator?.totpPendingSecret || operator.status !== 'active') {
    throw new AppError('CODE_EXPIRED');
  }
  const key = attemptKey(operator.merchantId, operator.username, caller);
  await reserveAttempt(deps, key);
  const step = await stepOf(deps.secrets.open(operator.totpPendingSecret), request.code);
  if (step === null) {
    await fail(deps, caller, operator, {
      username: operator.username,
      merchantId: operator.merchantId,
      reason: 'wrong_enrolment_code',
    });
    throw new AppError('CODE_INVALID');
  }
  if (!(await repo.bindTotp(deps.db, operator.id, tokenHash, operator.totpPendingSecret, step))) {
    throw new AppError('CODE_EXPIRED');
  }
  await audit(deps.db, operator, {
    merchantId: operator.merchantId,
    action: 'operator.totp_enrolled',
    subjectType: 'operator',
    subjectId: String(operator.id),
    ip: caller.ip,
  });
  return openSession(deps, caller, { ...operator, totpSecret: operator.totpPendingSecret }, key);
}

/**
 * The operator behind a bearer token, or null: a live operator session (never a member's) of an
 * active operator with TOTP bound. The merchant is the operator's own; a platform operator's is
 * the one the `Merchant` header names (else the host's, else the default).
 */
export async function authenticateOperator(
  deps: OperatorDeps,
  token: string | undefined,
  request: { merchantHeader: string | undefined; host: string },
): Promise<SignedInOperator | null> {
  if (!token) return null;
  const row = await repo.findLiveSession(deps.db, sha256(token), deps.policy.idleMinutes);
  if (!row || row.operator.status !== 'active' || !row.operator.totpSecret) return null;
  const role = OperatorRole.safeParse(row.operator.role);
  if (!role.success) return null;
  await repo.touchSession(deps.db, row.session.id);
  const isPlatform = row.operator.merchantId === null;
  const merchant = await deps.resolveMerchant(
    isPlatform
      ? { headerCode: request.merchantHeader, host: request.host }
      : { headerCode: row.merchantCode ?? '', host: request.host },
  );
  return {
    operator: row.operator,
    sessionId: row.session.id,
    role: role.data,
    permissions: ROLE_PERMISSIONS[role.data],
    merchant,
    isPlatform,
  };
}

export async function logout(deps: OperatorDeps, caller: Caller, auth: SignedInOperator) {
  await repo.revokeSession(deps.db, auth.sessionId);
  await audit(deps.db, auth.operator, {
    merchantId: auth.operator.merchantId,
    action: 'operator.logout',
    subjectType: 'operator_session',
    subjectId: String(auth.sessionId),
    ip: caller.ip,
  });
}

export async function describe(deps: OperatorDeps, auth: SignedInOperator): Promise<OperatorInfo> {
  const own =
    auth.operator.merchantId === null
      ? null
      : ((await repo.findMerchantSummary(deps.db, auth.operator.merchantId)) ?? null);
  return {
    id: auth.operator.id,
    username: auth.operator.username,
    role: auth.role,
    permissions: [...auth.permissions],
    merchant: own,
    scopeMerchant: {
      id: auth.merchant.id,
      code: auth.merchant.code,
      name: auth.merchant.name,
      timeZone: await deps.zones.zoneOf(auth.merchant.id),
    },
    isPlatform: auth.isPlatform,
  };
}

const USERNAME = /^[a-z0-9_.-]{3,32}$/;

/** A password for `operator:create` when none is given: 24 random base64url characters, all classes. */
export function generatePassword(): string {
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (passwordStrength(password) === 3) return password;
  }
}

/**
 * Creates an operator (the documented command; never a default password) and its one-time
 * enrolment code (`enrolmentCode` if given, else a random one). `scope` is a merchant code or
 * `platform` for a super-operator.
 */
export async function createOperator(
  db: Db,
  input: {
    scope: string;
    username: string;
    role: string;
    password: string;
    enrolmentCode?: string;
  },
): Promise<{ operator: OperatorRow; enrolmentCode: string }> {
  const role = OperatorRole.safeParse(input.role);
  if (!role.success) throw new AppError('VALIDATION_ERROR', { field: 'role' });
  const username = input.username.toLowerCase();
  if (!USERNAME.test(username)) throw new AppError('VALIDATION_ERROR', { field: 'username' });
  if (input.password.length < 12 || passwordStrength(input.password) < 2) {
    throw new AppError('VALIDATION_ERROR', { field: 'password' });
  }
  if (input.enrolmentCode !== undefined) checkEnrolmentCode(input.enrolmentCode);
  let merchantId: number | null = null;
  if (input.scope !== PLATFORM_SCOPE) {
    const merchant = await repo.findMerchantIdByCode(db, input.scope);
    if (!merchant) throw new AppError('UNKNOWN_MERCHANT', { merchant: input.scope });
    merchantId = merchant.id;
  }
  let operator: OperatorRow;
  try {
    operator = await repo.insertOperator(db, {
      merchantId,
      username,
      role: role.data,
      passwordHash: await hashPassword(input.password),
    });
  } catch (error) {
    if (
      isUniqueViolation(error, 'operators_username_unique') ||
      isUniqueViolation(error, 'operators_platform_username_unique')
    ) {
      throw new AppError('USERNAME_TAKEN');
    }
    throw error;
  }
  const enrolmentCode = await issueEnrolmentCode(db, operator.id, input.enrolmentCode);
  await appendAudit(db, {
    merchantId,
    actorType: 'system',
    actorId: null,
    action: 'operator.created',
    subjectType: 'operator',
    subjectId: String(operator.id),
    after: { username, role: role.data, scope: input.scope, enrolmentCodeIssued: true },
  });
  return { operator, enrolmentCode };
}

/** Inserts an operator account; the new row. */
export function insertOperator(
  ...args: Parameters<typeof repo.insertOperator>
): ReturnType<typeof repo.insertOperator> {
  return repo.insertOperator(...args);
}
