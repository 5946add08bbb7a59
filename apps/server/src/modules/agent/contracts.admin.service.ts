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
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, pageWindow, type OperatorActor } from '../operator/index.js';
import { directUpline } from '../team/index.js';
import { loadContractSettings, saveContractSettings } from './contract-settings.js';
import * as repo from './contracts.repository.js';
import type { ContractRequestRow, ContractRow } from './contracts.repository.js';
import {
  contractSnapshot,
  event,
  publish,
  recordNotices,
  termsOf,
  type ContractDeps,
  type Notice,
} from './contracts.service.js';
import { roleOfType } from '../../lib/roles.js';

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

function toAdminContract(
  row: ContractRow,
  upline: string | null,
  downline: string,
  request?: ContractRequestRow,
): AdminContract {
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
    carry: amount(row.carry),
    shortfall: amount(row.shortfall),
    pendingRequest: request
      ? {
          type: request.type as 'new' | 'termination',
          requestedBy:
            request.requestedBy === null
              ? 'operator'
              : request.requestedBy === row.downlineId
                ? 'downline'
                : 'upline',
          createdAt: request.createdAt.toISOString(),
        }
      : null,
  };
}

/** GET /admin/api/agents/contracts: the merchant's contracts, newest first. */
export async function adminContracts(
  db: Db,
  merchantId: number,
  query: AdminContractQuery,
): Promise<AdminContractPage> {
  const { rows, total } = await repo.adminContracts(
    db,
    merchantId,
    { type: query.type, status: query.status, username: query.username },
    pageWindow(query),
  );
  const requests = await repo.pendingRequests(
    db,
    rows.map((r) => r.row.id),
  );
  return pageOf(query, { rows, total }, (r) =>
    toAdminContract(r.row, r.upline, r.downline, requests.get(r.row.id)),
  );
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
  const { row, notices } = await inTransaction(deps.db, async (tx) => {
    const found = await repo.lockMemberByUsername(tx, actor.merchantId, body.username);
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
    if (await repo.pendingOfferOf(tx, found.id, terms.type)) {
      throw new AppError('CONTRACT_REQUEST_PENDING');
    }
    const { contract: inserted, request } = await repo.insertOffer(
      tx,
      actor.merchantId,
      null,
      found.id,
      terms,
    );
    const view = toAdminContract(inserted, null, found.username, request);
    await auditAction(tx, actor, {
      action: 'agent.contract.offer',
      subjectType: 'agent_contract',
      subjectId: inserted.id,
      before: null,
      after: view,
    });
    return recordNotices(tx, actor.merchantId, {
      row: inserted,
      notices: [{ memberId: found.id, event: event('offered', inserted, null) }],
    });
  });
  await publish(deps, actor.merchantId, notices);
  return adminContractById(deps.db, actor.merchantId, row.id);
}

/** One contract of the merchant as the back office lists it. */
async function adminContractById(db: Db, merchantId: number, id: number): Promise<AdminContract> {
  const {
    rows: [found],
  } = await repo.adminContracts(db, merchantId, { id }, { limit: 1, offset: 0 });
  if (!found) throw new AppError('CONTRACT_NOT_FOUND');
  const requests = await repo.pendingRequests(db, [id]);
  return toAdminContract(found.row, found.upline, found.downline, requests.get(id));
}

type OperatorContractAction =
  'end' | 'accept_termination' | 'reject_termination' | 'withdraw' | 'reset_carry';

const AUDIT_ACTION: Record<OperatorContractAction, string> = {
  end: 'agent.contract.operator_end',
  accept_termination: 'agent.contract.operator_termination_accept',
  reject_termination: 'agent.contract.operator_termination_reject',
  withdraw: 'agent.contract.operator_withdraw',
  reset_carry: 'agent.contract.carry_reset',
};

/**
 * One operator action on one contract (decision 014, "Operator administration"): the contract row
 * is locked, the state checked (a wrong state changes nothing and answers its code), the change,
 * its audit entry (who, before, after, reason) and the agents' inbox messages commit together;
 * the live events follow the commit. A burst of the same action applies once: the calls after
 * the first find the new state and are refused.
 */
async function operatorContractAction(
  deps: ContractDeps,
  actor: OperatorActor,
  id: number,
  action: OperatorContractAction,
  reason: string | null,
): Promise<AdminContract> {
  const now = new Date();
  const { notices } = await inTransaction(deps.db, async (tx) => {
    const contract = await repo.lockContract(tx, actor.merchantId, id);
    if (!contract) throw new AppError('CONTRACT_NOT_FOUND');
    const request = await repo.pendingRequestOf(tx, contract.id);
    let change: repo.ContractChange;
    let requestStatus: 'accepted' | 'rejected' | null = null;
    const parties = [
      contract.downlineId,
      ...(contract.uplineId === null ? [] : [contract.uplineId]),
    ];
    let tell: { memberIds: number[]; action: Notice['event']['action'] };
    switch (action) {
      case 'end':
        if (contract.status !== 'active') {
          throw new AppError('CONTRACT_NOT_ACTIVE', { status: contract.status });
        }
        change = { status: 'terminated', endReason: 'ended_by_operator', endedAt: now };
        requestStatus = 'rejected';
        tell = { memberIds: parties, action: 'ended_by_operator' };
        break;
      case 'accept_termination':
      case 'reject_termination': {
        if (contract.uplineId !== null) throw new AppError('CONTRACT_NOT_OPERATOR_OFFERED');
        if (contract.status !== 'active') {
          throw new AppError('CONTRACT_NOT_ACTIVE', { status: contract.status });
        }
        if (!request || request.type !== 'termination') {
          throw new AppError('CONTRACT_NO_TERMINATION_REQUEST');
        }
        const accept = action === 'accept_termination';
        change = accept
          ? { status: 'terminated', endReason: 'requested_by_downline', endedAt: now }
          : {};
        requestStatus = accept ? 'accepted' : 'rejected';
        tell = { memberIds: parties, action: accept ? 'terminated' : 'termination_rejected' };
        break;
      }
      case 'withdraw':
        if (contract.status !== 'offered') {
          throw new AppError('CONTRACT_NOT_PENDING', { status: contract.status });
        }
        change = { status: 'rejected', endReason: 'withdrawn_by_operator', endedAt: now };
        requestStatus = 'rejected';
        tell = { memberIds: parties, action: 'offer_withdrawn' };
        break;
      case 'reset_carry':
        if (contract.kind !== 'dividend') throw new AppError('CONTRACT_NOT_DIVIDEND');
        if (contract.status !== 'active') {
          throw new AppError('CONTRACT_NOT_ACTIVE', { status: contract.status });
        }
        if (contract.carry === 0n) throw new AppError('CONTRACT_CARRY_ZERO');
        change = { carry: 0n };
        tell = { memberIds: [contract.downlineId], action: 'carry_reset' };
        break;
    }
    const updated = await repo.updateContract(tx, contract.id, change, now);
    if (requestStatus && request) {
      await repo.closeRequests(tx, [contract.id], requestStatus, null, now);
    }
    await auditAction(tx, actor, {
      action: AUDIT_ACTION[action],
      subjectType: 'agent_contract',
      subjectId: contract.id,
      before: {
        ...contractSnapshot(contract),
        pendingRequest: request ? { id: request.id, type: request.type } : null,
      },
      after: { ...contractSnapshot(updated), reason },
    });
    const messageReason = action === 'end' || action === 'reset_carry' ? reason : null;
    return recordNotices(tx, actor.merchantId, {
      notices: tell.memberIds.map((memberId) => ({
        memberId,
        event: event(tell.action, updated, null),
        endReason: messageReason,
      })),
    });
  });
  await publish(deps, actor.merchantId, notices);
  return adminContractById(deps.db, actor.merchantId, id);
}

/** POST /admin/api/agents/contracts/{id}/end: the operator ends a contract in force. */
export const endContract = (deps: ContractDeps, actor: OperatorActor, id: number, reason: string) =>
  operatorContractAction(deps, actor, id, 'end', reason);

/** POST /admin/api/agents/contracts/{id}/termination/accept|reject: the operator's answer. */
export const answerTerminationAsOperator = (
  deps: ContractDeps,
  actor: OperatorActor,
  id: number,
  accept: boolean,
  reason: string | null,
) =>
  operatorContractAction(
    deps,
    actor,
    id,
    accept ? 'accept_termination' : 'reject_termination',
    reason,
  );

/** POST /admin/api/agents/contracts/{id}/withdraw: the operator withdraws an offer still open. */
export const withdrawOfferAsOperator = (
  deps: ContractDeps,
  actor: OperatorActor,
  id: number,
  reason: string | null,
) => operatorContractAction(deps, actor, id, 'withdraw', reason);

/** POST /admin/api/agents/contracts/{id}/carry/reset: a dividend's carry back to 0. */
export const resetCarry = (deps: ContractDeps, actor: OperatorActor, id: number, reason: string) =>
  operatorContractAction(deps, actor, id, 'reset_carry', reason);
