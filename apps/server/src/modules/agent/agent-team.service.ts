import { randomInt } from 'node:crypto';
import {
  AGENT_TYPES,
  formatAmount,
  MEMBER_TYPE,
  type AffiliateLink,
  type AffiliateLinkDeleted,
  type CreateDownlineRequest,
  type DownlineListQuery,
  type DownlinePage,
  type DownlineView,
  type TeamTreeNode,
  type TeamTreePage,
  type TeamTreeQuery,
  type TeamTreeSearchResult,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { consumeOrThrottle } from '../../lib/rate-limiter.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext } from '../../plugins/request-context.js';
import { appendAudit } from '../audit/index.js';
import { type AuthDeps, throttleAddress, fieldIssues } from '../auth/index.js';
import { mainBalancesOf } from '../ledger/index.js';
import { findMemberByUsername, insertMember } from '../member/index.js';
import { getRegisterSettings } from '../system/index.js';
import * as repo from './agent-team.repository.js';
import { hashPassword } from '../../lib/password.js';

export type TeamCaller = {
  ctx: RequestContext;
  member: { id: number; username: string };
  log: FastifyBaseLogger;
};

/** The account type of a sub-agent an agent creates (SPEC section 3: agent types 1, 2, 41, 42). */
const SUB_AGENT_TYPE = 2;
/** The register field rules that apply to an account an agent creates. */
const DOWNLINE_FIELDS = new Set(['username', 'password', 'nickname']);
/** New affiliate codes one agent may create per minute. */
const AFFILIATE_LINKS_PER_MINUTE = 10;
/** Affiliate code characters: no 0/O or 1/I, which players mistype from a shared link. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function scopeOf(caller: TeamCaller): repo.DownlineScope {
  return {
    merchantId: caller.ctx.merchant.id,
    agentId: caller.member.id,
    currency: caller.ctx.merchant.currency,
  };
}

/** The page's rows as the agent centre shows them, with balances and contracts from the caller. */
async function toViews(
  db: Db,
  caller: TeamCaller,
  rows: repo.DownlineRecord[],
): Promise<DownlineView[]> {
  const ids = rows.map((row) => row.id);
  const [balances, contracts] = await Promise.all([
    mainBalancesOf(db, scopeOf(caller), ids),
    repo.contractsFromAgent(db, caller.member.id, ids),
  ]);
  return rows.map((row) => toView(row, balances.get(row.id) ?? 0n, contracts.get(row.id) ?? []));
}

function toView(
  row: repo.DownlineRecord,
  mainBalance: bigint,
  contracts: DownlineView['contracts'],
): DownlineView {
  return {
    id: row.id,
    account: row.username,
    nickname: row.nickname,
    type: (AGENT_TYPES as readonly number[]).includes(row.type) ? 'agent' : 'member',
    memberType: row.type,
    level: row.depth,
    status: row.status,
    mainBalance: formatAmount(mainBalance),
    registeredAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
    contracts,
  };
}

/** The downline manager's list: direct downline by default, every level with `depth=all`. */
export async function listDownlines(
  db: Db,
  caller: TeamCaller,
  query: DownlineListQuery,
): Promise<DownlinePage> {
  const { rows, total } = await repo.downlinePage(
    db,
    scopeOf(caller),
    {
      directOnly: query.depth === 'direct',
      accountPrefix: query.account,
      status: query.status,
      type: query.type,
    },
    { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
  );
  return {
    currency: caller.ctx.merchant.currency,
    currencySymbol: caller.ctx.merchant.currencySymbol,
    content: await toViews(db, caller, rows),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
    totalElements: total,
  };
}

/**
 * One account of the caller's downline (any level). An unknown account, one of another tree and
 * the caller itself answer alike with DOWNLINE_NOT_FOUND (decision 011); the attempt is logged.
 */
export async function downlineDetail(
  db: Db,
  caller: TeamCaller,
  memberId: number,
): Promise<DownlineView> {
  const { rows } = await repo.downlinePage(
    db,
    scopeOf(caller),
    { directOnly: false, memberId },
    { limit: 1, offset: 0 },
  );
  const row = rows[0];
  if (!row) {
    caller.log.warn(
      { agentId: caller.member.id, askedMemberId: memberId },
      'downline detail outside the caller downline',
    );
    throw new AppError('DOWNLINE_NOT_FOUND');
  }
  return (await toViews(db, caller, [row]))[0]!;
}

/**
 * registerCenter: a new member or sub-agent account directly under the caller. The same address
 * throttle, field rules, name check and password hashing as registration; the account joins the
 * tree in the same transaction as its insert (insertMember). The agent knows the password it chose,
 * so the account must change it at first login (PASSWORD_CHANGE_REQUIRED until then).
 */
export async function createDownline(
  deps: AuthDeps,
  caller: TeamCaller,
  request: CreateDownlineRequest,
): Promise<DownlineView> {
  const { ctx } = caller;
  const merchantId = ctx.merchant.id;
  await throttleAddress(deps, ctx, 'register');
  const rules = (await getRegisterSettings(deps.db, merchantId)).filter((rule) =>
    DOWNLINE_FIELDS.has(rule.field),
  );
  const issues = fieldIssues(
    rules,
    {
      username: request.username,
      password: request.password,
      nickname: request.nickname,
      registerMethod: 'WEB',
      login: false,
      termsAccepted: true,
    },
    'username',
  );
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', { issues });

  const username = request.username.toLowerCase();
  if (await findMemberByUsername(deps.db, merchantId, username)) {
    throw new AppError('USERNAME_TAKEN');
  }
  const type = request.type === 'agent' ? SUB_AGENT_TYPE : MEMBER_TYPE;
  const member = await insertMember(deps.db, {
    merchantId,
    username,
    type,
    uplineId: caller.member.id,
    passwordHash: await hashPassword(request.password),
    // The agent chose this password: the account sets its own at first login (issue 18).
    mustChangePassword: true,
    nickname: request.nickname ?? null,
    registerIp: ctx.ip,
  }).catch((error: unknown) => {
    // A concurrent registration won the race for the name.
    if (isUniqueViolation(error, 'members_username_unique')) throw new AppError('USERNAME_TAKEN');
    throw error;
  });
  await appendAudit(deps.db, {
    merchantId,
    actorType: 'member',
    actorId: String(caller.member.id),
    action: 'agent.downline_created',
    subjectType: 'member',
    subjectId: String(member.id),
    after: { username, type, uplineId: caller.member.id },
    ip: ctx.ip,
  });
  caller.log.info(
    { agentId: caller.member.id, memberId: member.id, type },
    'agent created a downline account',
  );
  return downlineDetail(deps.db, caller, member.id);
}

function toLink(row: repo.AffiliateLinkRecord): AffiliateLink {
  return {
    code: row.code,
    registrations: row.registrations,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's affiliate codes, each with how many accounts registered with it. */
export async function listAffiliateLinks(db: Db, caller: TeamCaller): Promise<AffiliateLink[]> {
  const rows = await repo.affiliateLinksOf(db, caller.ctx.merchant.id, caller.member.id);
  return rows.map(toLink);
}

function newCode(): string {
  return Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/**
 * A new random affiliate code of the caller, usable at once by registration and the
 * /wps/agent/affiliate check. Throttled per agent.
 */
export async function createAffiliateLink(
  deps: Pick<AuthDeps, 'db' | 'limiter'>,
  caller: TeamCaller,
): Promise<AffiliateLink> {
  const merchantId = caller.ctx.merchant.id;
  await consumeOrThrottle(
    deps.limiter,
    `affiliate-link:agent:${merchantId}:${caller.member.id}`,
    AFFILIATE_LINKS_PER_MINUTE,
    60,
  );
  // 32^8 codes: a collision is rare, a few tries make failure practically impossible.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await repo.insertAffiliateCode(deps.db, {
      merchantId,
      agentId: caller.member.id,
      code: newCode(),
    });
    if (row) {
      await appendAudit(deps.db, {
        merchantId,
        actorType: 'member',
        actorId: String(caller.member.id),
        action: 'agent.affiliate_link_created',
        subjectType: 'affiliate_code',
        subjectId: row.code,
        ip: caller.ctx.ip,
      });
      return toLink({ ...row, registrations: 0 });
    }
  }
  throw new Error('no free affiliate code after 5 tries');
}

/**
 * Deletes one of the caller's codes: registration no longer accepts it; accounts registered with
 * it stay where they are. A code that is not the caller's own answers NOT_FOUND and is logged.
 */
export async function deleteAffiliateLink(
  db: Db,
  caller: TeamCaller,
  code: string,
): Promise<AffiliateLinkDeleted> {
  const merchantId = caller.ctx.merchant.id;
  if (!(await repo.deleteAffiliateCode(db, merchantId, caller.member.id, code))) {
    caller.log.warn(
      { agentId: caller.member.id, askedCode: code },
      'affiliate link delete outside the caller codes',
    );
    throw new AppError('NOT_FOUND');
  }
  await appendAudit(db, {
    merchantId,
    actorType: 'member',
    actorId: String(caller.member.id),
    action: 'agent.affiliate_link_deleted',
    subjectType: 'affiliate_code',
    subjectId: code,
    ip: caller.ctx.ip,
  });
  return { code, deleted: true };
}

function toTreeNode(row: repo.TreeNodeRecord): TeamTreeNode {
  return {
    id: row.id,
    account: row.username,
    type: (AGENT_TYPES as readonly number[]).includes(row.type) ? 'agent' : 'member',
    level: row.level,
    directCount: row.directCount,
    teamSize: row.teamSize,
  };
}

/** An account outside the caller's tree answers as unknown, and the attempt is logged. */
function outsideTree(caller: TeamCaller, asked: Record<string, unknown>): AppError {
  caller.log.warn({ agentId: caller.member.id, ...asked }, 'team tree outside the caller downline');
  return new AppError('DOWNLINE_NOT_FOUND');
}

/**
 * The hierarchy view: one page of the direct downline of the caller or of an account anywhere in
 * the caller's downline (decision 011's tree); any other parent answers DOWNLINE_NOT_FOUND.
 */
export async function teamTree(
  db: Db,
  caller: TeamCaller,
  query: TeamTreeQuery,
): Promise<TeamTreePage> {
  const scope = scopeOf(caller);
  const parent = await repo.treeNode(db, scope, { memberId: query.parentId ?? caller.member.id });
  if (!parent) throw outsideTree(caller, { askedParentId: query.parentId });
  const { rows, total } = await repo.treeChildren(db, scope, parent, {
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  return {
    parent: toTreeNode(parent),
    content: rows.map(toTreeNode),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
    totalElements: total,
  };
}

/** The hierarchy search: an account of the caller's downline by exact username, with its path. */
export async function searchTeamTree(
  db: Db,
  caller: TeamCaller,
  account: string,
): Promise<TeamTreeSearchResult> {
  const scope = scopeOf(caller);
  const node = await repo.treeNode(db, scope, { username: account });
  // The caller is level 0 of their own tree, not a downline account.
  if (!node || node.level === 0) throw outsideTree(caller, { askedAccount: account });
  const path = await repo.treePath(db, scope, node);
  return { node: toTreeNode(node), path: path.map(toTreeNode) };
}
