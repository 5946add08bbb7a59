import {
  AGENT_TYPES,
  KycStatus,
  formatAmount,
  type AdminLedgerPage,
  type AdminLoginPage,
  type AdminMemberBalances,
  type AdminMemberIpList,
  type AdminMemberPage,
  type AdminMemberProfile,
  type AdminMemberSearchQuery,
  type AdminMemberSummary,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import type { AuditEntry } from '../audit/index.js';
import { auditAction, isoOrNull, pageWindow, type OperatorActor } from '../operator/index.js';
import { memberBalances, memberLedgerLines } from '../ledger/index.js';
import { generatePassword } from '../operator/index.js';
import { hasDownline, moveSubtree } from '../team/index.js';
import * as repo from './member.admin.repository.js';
import { hashPassword } from '../../lib/password.js';
import { endMemberSessions } from '../sessions/index.js';

/**
 * The back office's member pages (issue 7): search, profile, balances, ledger, logins and
 * addresses; lock, unlock, password reset, account type and agent changes, each audited with
 * the state before and after. Everything is scoped to the merchant the operator works on: a
 * member of another merchant is NOT_FOUND.
 */

function isAgentType(type: number): boolean {
  return (AGENT_TYPES as readonly number[]).includes(type);
}

function toSummary(found: repo.MemberWithAgent): AdminMemberSummary {
  const m = found.member;
  return {
    id: m.id,
    username: m.username,
    type: m.type,
    status: m.status,
    mobile: m.mobileNum
      ? `${m.countryDialingCode ? `+${m.countryDialingCode} ` : ''}${m.mobileNum}`
      : null,
    email: m.email,
    name: m.payeeName,
    nickname: m.nickname,
    agent:
      found.agentId === null ? null : { id: found.agentId, username: found.agentUsername ?? '' },
    createdAt: m.createdAt.toISOString(),
    lastLoginAt: isoOrNull(m.lastLoginAt),
  };
}

export async function searchMembers(
  db: Db,
  merchantId: number,
  query: AdminMemberSearchQuery,
): Promise<AdminMemberPage> {
  const { rows, total } = await repo.searchMembers(db, merchantId, query, pageWindow(query));
  return { items: rows.map(toSummary), page: query.page, size: query.size, total };
}

async function requireMember(db: Db, merchantId: number, memberId: number) {
  const found = await repo.findMember(db, merchantId, memberId);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

export async function memberProfile(
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<AdminMemberProfile> {
  const found = await requireMember(db, merchantId, memberId);
  const m = found.member;
  const [kyc, directDownline] = await Promise.all([
    repo.kycStatusOf(db, m.id),
    repo.directDownlineCount(db, m.id),
  ]);
  const profile: Record<string, string> = {};
  for (const [key, value] of Object.entries(m.profile)) {
    if (typeof value === 'string') profile[key] = value;
  }
  return {
    ...toSummary(found),
    birthday: m.birthday,
    language: m.language,
    registerIp: m.registerIp,
    registerUrl: m.registerUrl,
    referralCode: m.referralCode,
    mustChangePassword: m.mustChangePassword,
    selfExcludedUntil: isoOrNull(m.selfExcludedUntil),
    firstLoginAt: isoOrNull(m.firstLoginAt),
    kycStatus: kyc === null ? null : KycStatus.parse(kyc),
    profile,
    directDownline,
  };
}

export async function balancesOf(
  db: Db,
  merchant: { id: number; currency: string },
  memberId: number,
): Promise<AdminMemberBalances> {
  await requireMember(db, merchant.id, memberId);
  const accounts = await memberBalances(db, merchant.id, memberId, merchant.currency);
  const of = (kind: string) =>
    accounts.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.balance, 0n);
  const vendors = accounts
    .filter((a) => a.kind === 'member_vendor')
    .sort((a, b) => a.vendorCode.localeCompare(b.vendorCode))
    .map((a) => ({ vendorCode: a.vendorCode, balance: formatAmount(a.balance) }));
  const total = accounts.reduce((sum, a) => sum + a.balance, 0n);
  return {
    currency: merchant.currency,
    main: formatAmount(of('member_main')),
    commission: formatAmount(of('agent_commission')),
    vendors,
    total: formatAmount(total),
  };
}

function walletOf(kind: string, vendorCode: string): string {
  if (kind === 'member_main') return 'main';
  if (kind === 'agent_commission') return 'commission';
  return vendorCode;
}

export async function ledgerOf(
  db: Db,
  merchantId: number,
  memberId: number,
  query: { page: number; size: number },
): Promise<AdminLedgerPage> {
  await requireMember(db, merchantId, memberId);
  return pageOf(
    query,
    await memberLedgerLines(db, merchantId, memberId, pageWindow(query)),
    (row) => ({
      id: row.id,
      entryId: row.entryId,
      time: row.createdAt.toISOString(),
      entryType: row.entryType,
      wallet: walletOf(row.accountKind, row.vendorCode),
      amount: formatAmount(row.amount),
      balanceAfter: formatAmount(row.balanceAfter),
      idempotencyKey: row.idempotencyKey,
      reference: row.reference,
    }),
  );
}

export async function loginsOf(
  db: Db,
  merchantId: number,
  memberId: number,
  query: { page: number; size: number },
): Promise<AdminLoginPage> {
  await requireMember(db, merchantId, memberId);
  return pageOf(
    query,
    await repo.loginPage(db, merchantId, memberId, pageWindow(query)),
    (row) => ({
      id: row.id,
      time: row.createdAt.toISOString(),
      ip: row.ip,
      userAgent: row.userAgent,
      success: row.success,
      reason: row.reason,
    }),
  );
}

export async function addressesOf(
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<AdminMemberIpList> {
  await requireMember(db, merchantId, memberId);
  const byIp = new Map<string, AdminMemberIpList[number]>();
  for (const row of await repo.addressesOf(db, merchantId, memberId)) {
    const entry = byIp.get(row.ip) ?? {
      ip: row.ip,
      firstSeenAt: row.firstSeenAt.toISOString(),
      sharedWith: [],
    };
    if (row.otherId !== null) {
      entry.sharedWith.push({ id: row.otherId, username: row.otherUsername ?? '' });
    }
    byIp.set(row.ip, entry);
  }
  return [...byIp.values()];
}

/** Runs a change on the locked member row, audits it, and answers the new profile. */
async function change(
  db: Db,
  actor: OperatorActor,
  memberId: number,
  work: (
    tx: Db,
    member: NonNullable<Awaited<ReturnType<typeof repo.lockMember>>>,
  ) => Promise<{ action: string; before: AuditEntry['before']; after: AuditEntry['after'] }>,
): Promise<AdminMemberProfile> {
  await inTransaction(db, async (tx) => {
    const member = await repo.lockMember(tx, actor.merchantId, memberId);
    if (!member) throw new AppError('NOT_FOUND');
    const done = await work(tx, member);
    await auditAction(tx, actor, {
      action: done.action,
      subjectType: 'member',
      subjectId: memberId,
      before: done.before,
      after: done.after,
    });
  });
  return memberProfile(db, actor.merchantId, memberId);
}

/** Locks the account: its sessions end at once and it cannot log in until unlocked. */
export function lockMember(db: Db, actor: OperatorActor, memberId: number, reason: string) {
  return change(db, actor, memberId, async (tx, member) => {
    await repo.updateMember(tx, member.id, { status: 'locked' });
    await endMemberSessions(tx, member.id, 'lock');
    return {
      action: 'member.lock',
      before: { status: member.status },
      after: { status: 'locked', reason },
    };
  });
}

export function unlockMember(db: Db, actor: OperatorActor, memberId: number, reason: string) {
  return change(db, actor, memberId, async (tx, member) => {
    await repo.updateMember(tx, member.id, { status: 'active' });
    return {
      action: 'member.unlock',
      before: { status: member.status },
      after: { status: 'active', reason },
    };
  });
}

/**
 * Replaces the password by a generated one the operator passes on; the member's sessions end and
 * the next login answers passwordExpired, so the member sets a new one (SPEC section 4). The
 * audit keeps that it happened, never the password.
 */
export async function resetPassword(
  db: Db,
  actor: OperatorActor,
  memberId: number,
  reason: string,
): Promise<{ temporaryPassword: string }> {
  const temporaryPassword = generatePassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await change(db, actor, memberId, async (tx, member) => {
    await repo.updateMember(tx, member.id, {
      passwordHash,
      mustChangePassword: true,
      passwordChangedAt: new Date(),
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
    });
    await endMemberSessions(tx, member.id, 'password');
    return {
      action: 'member.password_reset',
      before: { mustChangePassword: member.mustChangePassword },
      after: { mustChangePassword: true, reason },
    };
  });
  return { temporaryPassword };
}

/** Member, agent types or trial (SPEC section 3); an account with a downline stays an agent. */
export function setMemberType(
  db: Db,
  actor: OperatorActor,
  memberId: number,
  request: { type: number; reason: string },
) {
  return change(db, actor, memberId, async (tx, member) => {
    if (!isAgentType(request.type) && (await hasDownline(tx, member.id))) {
      throw new AppError('AGENT_HAS_DOWNLINE');
    }
    await repo.updateMember(tx, member.id, { type: request.type });
    return {
      action: 'member.type_change',
      before: { type: member.type },
      after: { type: request.type, reason: request.reason },
    };
  });
}

/**
 * Moves the member and its downline under another agent of the merchant (or to the top). The
 * new agent must be an agent account, and neither the member nor anyone below it.
 */
export function moveMember(
  db: Db,
  actor: OperatorActor,
  memberId: number,
  request: { agentId: number | null; reason: string },
) {
  return change(db, actor, memberId, async (tx, member) => {
    if (request.agentId !== null) {
      const agent = await repo.findAccount(tx, actor.merchantId, request.agentId);
      if (!agent || !isAgentType(agent.type)) {
        throw new AppError('INVALID_AGENT_MOVE', { reason: 'not_an_agent' });
      }
    }
    const moved = await moveSubtree(tx, {
      merchantId: actor.merchantId,
      memberId: member.id,
      uplineId: request.agentId,
    });
    if (!moved) throw new AppError('INVALID_AGENT_MOVE', { reason: 'own_downline' });
    return {
      action: 'member.agent_move',
      before: { uplineId: member.uplineId },
      after: { uplineId: request.agentId, reason: request.reason },
    };
  });
}

/** The member with its direct agent, if it belongs to the merchant. */
export function findMember(
  ...args: Parameters<typeof repo.findMember>
): ReturnType<typeof repo.findMember> {
  return repo.findMember(...args);
}
