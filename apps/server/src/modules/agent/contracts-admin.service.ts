import { checkOffer, settingsProblems, type ContractSettings } from '@app/agents';
import {
  formatAmount,
  parseAmount,
  type AdminContract,
  type AdminContractPage,
  type AdminContractQuery,
  type AdminContractSettings,
  type ContractOfferRequest,
} from '@app/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { agentContracts, members } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { roleOfType } from '../auth/roles.js';
import { auditAction, pageWindow, type OperatorActor } from '../backoffice/operator-action.js';
import { directUpline } from '../team/team.repository.js';
import { loadContractSettings, saveContractSettings } from './contract-settings.js';
import { pendingOfferOf, type ContractRow } from './contracts.repository.js';
import {
  event,
  insertOffer,
  publish,
  recordNotices,
  termsOf,
  type ContractDeps,
} from './contracts.service.js';

/**
 * The operator's side of agent contracts (decision 014): the merchant's tier tables and maxima,
 * the list of every contract, and offers to top-level agents, which the agent answers in its
 * agent centre like any offer. Every change is audited.
 */

const amount = (value: bigint) => formatAmount(value);

function toAdminSettings(s: ContractSettings): AdminContractSettings {
  return {
    activeMinValidBet: amount(s.activeMinValidBet),
    activeMinDeposit: s.activeMinDeposit === null ? null : amount(s.activeMinDeposit),
    dividendPeriods: [...s.dividendPeriods],
    dividendTiers: s.dividendTiers.map((t) => ({
      minValidBet: amount(t.minValidBet),
      minActiveMembers: t.minActiveMembers,
      minNgr: amount(t.minNgr),
      maxRateBp: t.maxRateBp,
    })),
    dailySalaryTiers: s.dailySalaryTiers.map((t) => ({
      minValidBet: amount(t.minValidBet),
      minActiveMembers: t.minActiveMembers,
      maxRateBp: t.maxRateBp,
    })),
    hourlySalaryTiers: s.hourlySalaryTiers.map((t) => ({
      minValidBet: amount(t.minValidBet),
      maxRateBp: t.maxRateBp,
    })),
    realtimeSalaryTiers: s.realtimeSalaryTiers.map((t) => ({
      minSingleBet: amount(t.minSingleBet),
      maxProfitRateBp: t.maxProfitRateBp,
      maxLossRateBp: t.maxLossRateBp,
    })),
  };
}

/** The schema checked the digits; this makes them minor units. */
const minor = (text: string) => parseAmount(text) ?? 0n;

function fromAdminSettings(a: AdminContractSettings): ContractSettings {
  return {
    activeMinValidBet: minor(a.activeMinValidBet),
    activeMinDeposit: a.activeMinDeposit === null ? null : minor(a.activeMinDeposit),
    dividendPeriods: [...new Set(a.dividendPeriods)],
    dividendTiers: a.dividendTiers.map((t) => ({
      ...t,
      minValidBet: minor(t.minValidBet),
      minNgr: minor(t.minNgr),
    })),
    dailySalaryTiers: a.dailySalaryTiers.map((t) => ({ ...t, minValidBet: minor(t.minValidBet) })),
    hourlySalaryTiers: a.hourlySalaryTiers.map((t) => ({
      ...t,
      minValidBet: minor(t.minValidBet),
    })),
    realtimeSalaryTiers: a.realtimeSalaryTiers.map((t) => ({
      ...t,
      minSingleBet: minor(t.minSingleBet),
    })),
  };
}

export async function contractSettings(db: Db, merchantId: number): Promise<AdminContractSettings> {
  return toAdminSettings(await loadContractSettings(db, merchantId));
}

/**
 * PUT /admin/api/agents/contract-settings: replaces the merchant's tiers. Tables whose thresholds
 * or maxima go down from one tier to the next are refused with VALIDATION_ERROR and the problems;
 * contracts already given keep their rates (decision 014, "Tables that grow").
 */
export async function updateContractSettings(
  db: Db,
  actor: OperatorActor,
  body: AdminContractSettings,
): Promise<AdminContractSettings> {
  const settings = fromAdminSettings(body);
  const problems = settingsProblems(settings);
  if (problems.length > 0) throw new AppError('VALIDATION_ERROR', { problems });
  return inTransaction(db, async (tx) => {
    const before = toAdminSettings(await loadContractSettings(tx, actor.merchantId));
    await saveContractSettings(tx, actor.merchantId, settings);
    const after = toAdminSettings(settings);
    await auditAction(tx, actor, {
      action: 'agent.contract_settings.update',
      subjectType: 'merchant',
      subjectId: actor.merchantId,
      before,
      after,
    });
    return after;
  });
}

const uplines = alias(members, 'uplines');

function toAdminContract(row: ContractRow, upline: string | null, downline: string): AdminContract {
  const terms = row.terms as {
    ratesBp?: number[];
    rates?: { profitRateBp: number; lossRateBp: number }[];
  };
  return {
    id: row.id,
    type: row.kind as AdminContract['type'],
    status: row.status as AdminContract['status'],
    endReason: row.endReason,
    upline,
    downline,
    period: (row.period as AdminContract['period']) ?? null,
    ratesBp: terms.ratesBp ?? null,
    rates: terms.rates ?? null,
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** GET /admin/api/agents/contracts: the merchant's contracts, newest first. */
export async function adminContracts(
  db: Db,
  merchantId: number,
  query: AdminContractQuery,
): Promise<AdminContractPage> {
  const where: SQL[] = [eq(agentContracts.merchantId, merchantId)];
  if (query.type) where.push(eq(agentContracts.kind, query.type));
  if (query.status) where.push(eq(agentContracts.status, query.status));
  if (query.username) {
    const name = query.username.toLowerCase();
    where.push(sql`(lower(${members.username}) = ${name} or lower(${uplines.username}) = ${name})`);
  }
  const window = pageWindow(query);
  const rows = await db
    .select({ row: agentContracts, downline: members.username, upline: uplines.username })
    .from(agentContracts)
    .innerJoin(members, eq(members.id, agentContracts.downlineId))
    .leftJoin(uplines, eq(uplines.id, agentContracts.uplineId))
    .where(and(...where))
    .orderBy(desc(agentContracts.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db
    .select({ n: count() })
    .from(agentContracts)
    .innerJoin(members, eq(members.id, agentContracts.downlineId))
    .leftJoin(uplines, eq(uplines.id, agentContracts.uplineId))
    .where(and(...where));
  return {
    items: rows.map((r) => toAdminContract(r.row, r.upline, r.downline)),
    page: query.page,
    size: query.size,
    total: total?.n ?? 0,
  };
}

/**
 * POST /admin/api/agents/contracts: the operator offers a contract to a top-level agent (no agent
 * above it), within the merchant's maxima; the agent answers it in its agent centre (live popup).
 */
export async function offerToTopAgent(
  deps: ContractDeps,
  actor: OperatorActor,
  body: ContractOfferRequest,
): Promise<AdminContract> {
  const terms = termsOf(body);
  const settings = await loadContractSettings(deps.db, actor.merchantId);
  const { row, target, notices } = await inTransaction(deps.db, async (tx) => {
    const [found] = await tx
      .select()
      .from(members)
      .where(
        and(
          eq(members.merchantId, actor.merchantId),
          sql`lower(${members.username}) = ${body.username.toLowerCase()}`,
        ),
      )
      .for('update');
    if (!found) throw new AppError('DOWNLINE_NOT_FOUND');
    const upline = await directUpline(tx, found.id);
    const check = checkOffer({
      tree: [
        ...(upline
          ? [
              {
                id: String(upline.id),
                uplineId: null,
                isAgent: roleOfType(upline.type) === 'agent',
              },
            ]
          : []),
        {
          id: String(found.id),
          uplineId: upline ? String(upline.id) : null,
          isAgent: roleOfType(found.type) === 'agent',
        },
      ],
      offererId: null,
      targetId: String(found.id),
      terms,
      offererContract: null,
      settings,
    });
    if (!check.ok) {
      throw new AppError(check.code, check.tier === undefined ? {} : { tier: check.tier });
    }
    if (await pendingOfferOf(tx, found.id, terms.type)) {
      throw new AppError('CONTRACT_REQUEST_PENDING');
    }
    const inserted = await insertOffer(tx, actor.merchantId, null, found.id, terms);
    const view = toAdminContract(inserted, null, found.username);
    await auditAction(tx, actor, {
      action: 'agent.contract.offer',
      subjectType: 'agent_contract',
      subjectId: inserted.id,
      before: null,
      after: view,
    });
    return recordNotices(tx, actor.merchantId, {
      row: inserted,
      target: found,
      notices: [{ memberId: found.id, event: event('offered', inserted, null) }],
    });
  });
  await publish(deps, actor.merchantId, notices);
  return toAdminContract(row, null, target.username);
}
