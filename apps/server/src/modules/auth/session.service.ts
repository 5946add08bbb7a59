import type { Db } from '../../db/client.js';
import type { members } from '../../db/schema/index.js';
import { newToken, sha256 } from '../../lib/token.js';
import * as repo from './session.repository.js';
import { roleOfType, type Role } from '../../lib/roles.js';

export type SessionPolicy = { idleMinutes: number; absoluteHours: number };

export type MemberRow = typeof members.$inferSelect;

/** The caller of a request: a visitor, or a member account with its live session. */
export type Auth =
  { role: 'visitor' } | { role: Exclude<Role, 'visitor'>; member: MemberRow; sessionId: number };

export type LoginMethod = 'password' | 'sms' | 'social' | 'freeplay' | 'register';

/** Opens a session and returns its token; only the token's hash is stored. */
export async function openSession(
  db: Db,
  policy: SessionPolicy,
  input: { member: MemberRow; method: LoginMethod; ip: string; userAgent: string },
): Promise<string> {
  const token = newToken();
  await repo.insertSession(db, {
    merchantId: input.member.merchantId,
    memberId: input.member.id,
    tokenHash: sha256(token),
    method: input.method,
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 500),
    expiresAt: new Date(Date.now() + policy.absoluteHours * 3_600_000),
  });
  return token;
}

/**
 * The caller behind a bearer token: a session that is not revoked, not past its absolute expiry,
 * not idle too long, of the request's merchant and of an active account.
 */
export async function authenticate(
  db: Db,
  policy: SessionPolicy,
  token: string | undefined,
  merchantId: number,
): Promise<Auth> {
  if (!token) return { role: 'visitor' };
  const row = await repo.findLiveSession(db, sha256(token), policy.idleMinutes);
  if (!row || row.session.merchantId !== merchantId || row.member.status !== 'active') {
    return { role: 'visitor' };
  }
  await repo.touchSession(db, row.session.id);
  return { role: roleOfType(row.member.type), member: row.member, sessionId: row.session.id };
}

export function closeSession(db: Db, sessionId: number) {
  return repo.revokeSession(db, sessionId);
}
