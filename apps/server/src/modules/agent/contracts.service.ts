import {
  checkAccept,
  checkOffer,
  contractTiers,
  maxRateComponents,
  type ContractSettings,
  type ContractTerms,
  type ContractTierView,
  type ContractType,
} from '@app/agents';
import {
  formatAmount,
  type ConsolidatedContractEntry,
  type ConsolidatedContractInfo,
  type ContractAcceptRequest,
  type ContractAcceptResult,
  type ContractEndView,
  type ContractListQuery,
  type ContractOfferRequest,
  type ContractPage,
  type ContractTier,
  type ContractTierTables,
  type ContractView,
  type RealtimeContract,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { appendAudit } from '../audit/index.js';
import { pushUnreadCounts, sendMemberMessages } from '../content/index.js';
import type { Realtime } from '../realtime/index.js';
import { findInDownline } from '../team/index.js';
import { contractEventMessage } from './contract-messages.js';
import { loadContractSettings } from './contract-settings.js';
import {
  activeContractOf,
  closeRequests,
  contractOfMember,
  decideRequest,
  insertOffer,
  insertTerminationRequest,
  lockMember,
  pendingRequestOf,
  updateContract,
  contractPage,
  contractsInPlay,
  givenWithPendingRequest,
  lockContract,
  lockSubtreeContracts,
  parties,
  pendingOfferOf,
  pendingRequests,
  subtreeNodes,
  toEngineContract,
  type ContractRequestRow,
  type ContractRow,
  type Party,
} from './contracts.repository.js';
import { roleOfType } from '../../lib/roles.js';

/**
 * Agent contracts between an agent and its direct downline agents (SPEC sections 3 and 4,
 * decision 014): offers, answers, termination requests and the conflict rule, each in one
 * transaction with the contract row locked, so two answers to one offer apply once. The rules
 * themselves are the engine's (`@app/agents`: checkOffer, checkAccept). Each event is a platform
 * message in the same transaction and reaches the other side over the websocket after the commit.
 */
export type ContractDeps = { db: Db; realtime: Pick<Realtime, 'publishToMember'> };

export type ContractCaller = {
  merchant: { id: number };
  member: { id: number; username: string };
  log: FastifyBaseLogger;
  /** The client's address, for the audit entry. */
  ip?: string;
};

/** The figures of a contract an audit entry keeps before and after a change. */
export function contractSnapshot(row: ContractRow) {
  return {
    id: row.id,
    type: row.kind,
    status: row.status,
    endReason: row.endReason,
    uplineId: row.uplineId,
    downlineId: row.downlineId,
    period: row.period,
    terms: row.terms as Record<string, number[] | { profitRateBp: number; lossRateBp: number }[]>,
    carry: formatAmount(row.carry),
    shortfall: formatAmount(row.shortfall),
    acceptedAt: iso(row.acceptedAt),
    endedAt: iso(row.endedAt),
  };
}

/**
 * The audit entry of an agent's contract action (offer, answer, termination request and answer,
 * withdrawal), in the action's transaction: who, which contract, before and after.
 */
async function auditAgentAction(
  tx: Db,
  caller: ContractCaller,
  action: string,
  before: ContractRow | null,
  after: ContractRow,
  extra: Record<string, string | number | null | { contractId: number; reason: string }[]> = {},
): Promise<void> {
  await appendAudit(tx, {
    merchantId: caller.merchant.id,
    actorType: 'member',
    actorId: String(caller.member.id),
    action,
    subjectType: 'agent_contract',
    subjectId: String(after.id),
    before: before ? contractSnapshot(before) : null,
    after: { ...contractSnapshot(after), ...extra },
    ip: caller.ip ?? null,
  });
}

/** One event for one member; `endReason` for contracts ended by the conflict rule. */
export type Notice = { memberId: number; event: RealtimeContract; endReason?: string | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function tierView(view: ContractTierView): ContractTier {
  const out: ContractTier = {};
  for (const [key, value] of Object.entries(view)) {
    (out as Record<string, unknown>)[key] = typeof value === 'bigint' ? formatAmount(value) : value;
  }
  return out;
}

function toView(
  row: ContractRow,
  callerId: number,
  people: Map<number, Party>,
  request: ContractRequestRow | undefined,
  settings: ContractSettings,
): ContractView {
  const terms = row.terms as {
    ratesBp?: number[];
    rates?: { profitRateBp: number; lossRateBp: number }[];
  };
  const unknown = (id: number): Party => ({ id, username: '', nickname: null });
  return {
    id: row.id,
    type: row.kind as ContractType,
    status: row.status as ContractView['status'],
    endReason: row.endReason,
    side: row.downlineId === callerId ? 'downline' : 'upline',
    upline: row.uplineId === null ? null : (people.get(row.uplineId) ?? unknown(row.uplineId)),
    downline: people.get(row.downlineId) ?? unknown(row.downlineId),
    period: (row.period as ContractView['period']) ?? null,
    ratesBp: terms.ratesBp ?? null,
    rates: terms.rates ?? null,
    tiers: contractTiers(toEngineContract(row), settings).map(tierView),
    carry: formatAmount(row.carry),
    createdAt: row.createdAt.toISOString(),
    acceptedAt: iso(row.acceptedAt),
    endedAt: iso(row.endedAt),
    pendingRequest: request
      ? {
          id: request.id,
          type: request.type as 'new' | 'termination',
          requestedBy:
            request.requestedBy === null
              ? 'operator'
              : request.requestedBy === callerId
                ? 'me'
                : 'other',
          createdAt: request.createdAt.toISOString(),
        }
      : null,
  };
}

async function viewsOf(db: Db, rows: ContractRow[], callerId: number, merchantId: number) {
  const [people, requests, settings] = await Promise.all([
    parties(
      db,
      rows.flatMap((r) => (r.uplineId === null ? [r.downlineId] : [r.uplineId, r.downlineId])),
    ),
    pendingRequests(
      db,
      rows.map((r) => r.id),
    ),
    loadContractSettings(db, merchantId),
  ]);
  return rows.map((r) => toView(r, callerId, people, requests.get(r.id), settings));
}

async function viewOf(db: Db, row: ContractRow, caller: ContractCaller): Promise<ContractView> {
  const [view] = await viewsOf(db, [row], caller.member.id, caller.merchant.id);
  return view!;
}

/** In the event's transaction: each notice also lands in its member's inbox (messageV2). */
export async function recordNotices<T extends { notices: Notice[] }>(
  tx: Db,
  merchantId: number,
  result: T,
): Promise<T> {
  await sendMemberMessages(
    tx,
    merchantId,
    result.notices.map((n) => contractEventMessage(n.memberId, n.event, n.endReason)),
  );
  return result;
}

/** After the commit: the events and the new unread counts to the members' open pages. */
export async function publish(
  deps: ContractDeps,
  merchantId: number,
  notices: Notice[],
): Promise<void> {
  for (const notice of notices) {
    await deps.realtime.publishToMember(merchantId, notice.memberId, notice.event);
  }
  await pushUnreadCounts(
    deps.db,
    deps.realtime,
    merchantId,
    notices.map((n) => n.memberId),
  );
}

/** A foreign or unknown id: the same answer, and a log line (someone may be probing ids). */
function notFound(caller: ContractCaller, id: number): AppError {
  caller.log.warn(
    { contractId: id, memberId: caller.member.id, merchantId: caller.merchant.id },
    'contract not found for the caller',
  );
  return new AppError('CONTRACT_NOT_FOUND');
}

/**
 * The contract `id` locked for an answer, when the caller is one of its two sides (upline or
 * downline); otherwise CONTRACT_NOT_FOUND, as for a contract that does not exist.
 */
async function lockPartyContract(tx: Db, caller: ContractCaller, id: number) {
  const contract = await lockContract(tx, caller.merchant.id, id);
  if (
    !contract ||
    (contract.downlineId !== caller.member.id && contract.uplineId !== caller.member.id)
  ) {
    throw notFound(caller, id);
  }
  return contract;
}

export function termsOf(body: ContractOfferRequest): ContractTerms {
  switch (body.type) {
    case 'dividend':
      if (!body.period) throw new AppError('CONTRACT_PERIOD_NOT_ALLOWED');
      return { type: 'dividend', period: body.period, ratesBp: body.ratesBp ?? [] };
    case 'daily_salary':
      return { type: 'daily_salary', ratesBp: body.ratesBp ?? [] };
    case 'hourly_salary':
      return { type: 'hourly_salary', ratesBp: body.ratesBp ?? [] };
    case 'realtime_salary':
      return { type: 'realtime_salary', rates: body.rates ?? [] };
  }
}

export const event = (
  action: RealtimeContract['action'],
  row: ContractRow,
  counterparty: string | null,
): RealtimeContract => ({
  type: 'contract',
  action,
  contractId: row.id,
  contractType: row.kind as ContractType,
  counterparty,
});

/** POST /wps/relay/contracts: the caller offers a contract to a direct downline agent. */
export async function offerContract(
  deps: ContractDeps,
  caller: ContractCaller,
  body: ContractOfferRequest,
): Promise<ContractView> {
  const terms = termsOf(body);
  const settings = await loadContractSettings(deps.db, caller.merchant.id);
  const { row, notices } = await inTransaction(deps.db, async (tx) => {
    const found = await findInDownline(tx, caller.merchant.id, caller.member.id, body.username);
    if (!found) throw new AppError('DOWNLINE_NOT_FOUND');
    if (found.depth > 1) throw new AppError('CONTRACT_NOT_DIRECT_DOWNLINE');
    const target = found.member;
    // One offer at a time per (agent, type): the target's row serialises concurrent offers.
    await lockMember(tx, target.id);
    const own = await activeContractOf(tx, caller.member.id, terms.type);
    const offererId = String(caller.member.id);
    const check = checkOffer({
      tree: [
        { id: offererId, uplineId: null, isAgent: true },
        {
          id: String(target.id),
          uplineId: offererId,
          isAgent: roleOfType(target.type) === 'agent',
        },
      ],
      offererId,
      targetId: String(target.id),
      terms,
      offererContract: own ? toEngineContract(own) : null,
      settings,
    });
    if (!check.ok) {
      throw new AppError(check.code, check.tier === undefined ? {} : { tier: check.tier });
    }
    if (await pendingOfferOf(tx, target.id, terms.type)) {
      throw new AppError('CONTRACT_REQUEST_PENDING');
    }
    const { contract: inserted } = await insertOffer(
      tx,
      caller.merchant.id,
      caller.member.id,
      target.id,
      terms,
    );
    await auditAgentAction(tx, caller, 'agent.contract.offer', null, inserted);
    return recordNotices(tx, caller.merchant.id, {
      row: inserted,
      notices: [{ memberId: target.id, event: event('offered', inserted, caller.member.username) }],
    });
  });
  await publish(deps, caller.merchant.id, notices);
  return viewOf(deps.db, row, caller);
}

async function usernames(tx: Db, ids: (number | null)[]) {
  const people = await parties(
    tx,
    ids.filter((id): id is number => id !== null),
  );
  return (id: number | null) => (id === null ? null : (people.get(id)?.username ?? null));
}

/**
 * POST /wps/relay/contracts/{id}/accept: the downline accepts an offer. When accepting would
 * leave a contract it gave (or one further down) above the new rates, the first call answers
 * CONTRACT_CONFLICT with those contracts and nothing changes; with `confirmEnds` the offer becomes
 * active and they end (`ended_by_conflict`), all in one transaction. A contract of the same type
 * the agent held before ends (`replaced`).
 */
export async function acceptContract(
  deps: ContractDeps,
  caller: ContractCaller,
  id: number,
  body: ContractAcceptRequest,
): Promise<ContractAcceptResult> {
  const now = new Date();
  const { row, ended, notices } = await inTransaction(deps.db, async (tx) => {
    const contract = await lockPartyContract(tx, caller, id);
    if (contract.downlineId !== caller.member.id) throw new AppError('FORBIDDEN');
    if (contract.status !== 'offered') {
      throw new AppError('CONTRACT_NOT_PENDING', { status: contract.status });
    }
    const kind = contract.kind as ContractType;
    const below = await lockSubtreeContracts(tx, caller.merchant.id, caller.member.id, kind);
    const offered = toEngineContract(contract);
    const terms: ContractTerms =
      offered.type === 'realtime_salary'
        ? { type: offered.type, rates: offered.rates }
        : offered.type === 'dividend'
          ? { type: offered.type, period: offered.period, ratesBp: offered.ratesBp }
          : { type: offered.type, ratesBp: offered.ratesBp };
    const tree = below.length > 0 ? await subtreeNodes(tx, caller.member.id) : [];
    const check =
      below.length === 0
        ? { ok: true as const, ends: [] }
        : checkAccept({
            tree,
            agentId: String(caller.member.id),
            terms,
            contracts: below.map(toEngineContract),
            confirmEnds: body.confirmEnds,
          });
    const byId = new Map(below.map((c) => [String(c.id), c]));
    const nameOf = await usernames(tx, [
      contract.uplineId,
      ...check.ends.map((e) => byId.get(e.contract.id)!.downlineId),
      ...check.ends.map((e) => byId.get(e.contract.id)!.uplineId),
    ]);
    const endViews: ContractEndView[] = check.ends.map((e) => {
      const c = byId.get(e.contract.id)!;
      return { contractId: c.id, username: nameOf(c.downlineId) ?? '', reason: e.reason };
    });
    if (!check.ok) throw new AppError('CONTRACT_CONFLICT', { ends: endViews });

    const notices: Notice[] = [];
    // The contract of this type the agent held until now ends: one in force per type.
    const previous = await activeContractOf(tx, caller.member.id, kind, true);
    if (previous) {
      await updateContract(
        tx,
        previous.id,
        { status: 'terminated', endReason: 'replaced', endedAt: now },
        now,
      );
      await closeRequests(tx, [previous.id], 'rejected', caller.member.id, now);
    }
    for (const e of check.ends) {
      const c = byId.get(e.contract.id)!;
      await updateContract(
        tx,
        c.id,
        { status: 'ended_by_conflict', endReason: e.reason, endedAt: now },
        now,
      );
      for (const memberId of [c.downlineId, c.uplineId]) {
        if (memberId === null) continue;
        const other = memberId === c.downlineId ? c.uplineId : c.downlineId;
        notices.push({
          memberId,
          event: event('ended_by_conflict', c, nameOf(other)),
          endReason: e.reason,
        });
      }
    }
    await closeRequests(
      tx,
      check.ends.map((e) => Number(e.contract.id)),
      'rejected',
      caller.member.id,
      now,
    );
    const accepted = await updateContract(
      tx,
      contract.id,
      { status: 'active', acceptedAt: now },
      now,
    );
    await closeRequests(tx, [contract.id], 'accepted', caller.member.id, now);
    await auditAgentAction(tx, caller, 'agent.contract.accept', contract, accepted, {
      replacedContractId: previous?.id ?? null,
      endedByConflict: endViews.map((e) => ({ contractId: e.contractId, reason: e.reason })),
    });
    if (contract.uplineId !== null) {
      notices.push({
        memberId: contract.uplineId,
        event: event('accepted', accepted, caller.member.username),
      });
    }
    return recordNotices(tx, caller.merchant.id, { row: accepted, ended: endViews, notices });
  });
  await publish(deps, caller.merchant.id, notices);
  return { contract: await viewOf(deps.db, row, caller), ended };
}

/**
 * Ends an `offered` contract unanswered: the downline declines it (`reject`) or the upline takes it
 * back (`withdraw`, reason `withdrawn`). Only that side may; the other side is told.
 */
async function closeOffer(
  deps: ContractDeps,
  caller: ContractCaller,
  id: number,
  how: 'reject' | 'withdraw',
): Promise<ContractView> {
  const now = new Date();
  const { row, notices } = await inTransaction(deps.db, async (tx) => {
    const contract = await lockPartyContract(tx, caller, id);
    const side = how === 'reject' ? contract.downlineId : contract.uplineId;
    if (side !== caller.member.id) throw new AppError('FORBIDDEN');
    if (contract.status !== 'offered') {
      throw new AppError('CONTRACT_NOT_PENDING', { status: contract.status });
    }
    const closed = await updateContract(
      tx,
      contract.id,
      { status: 'rejected', endReason: how === 'withdraw' ? 'withdrawn' : null, endedAt: now },
      now,
    );
    await closeRequests(tx, [contract.id], 'rejected', caller.member.id, now);
    await auditAgentAction(tx, caller, `agent.contract.${how}`, contract, closed);
    // The other side: an offer from the operator (no upline) has no one to tell of a refusal.
    const other = how === 'reject' ? contract.uplineId : contract.downlineId;
    const action = how === 'reject' ? 'rejected' : 'offer_withdrawn';
    const notices: Notice[] =
      other === null
        ? []
        : [{ memberId: other, event: event(action, closed, caller.member.username) }];
    return recordNotices(tx, caller.merchant.id, { row: closed, notices });
  });
  await publish(deps, caller.merchant.id, notices);
  return viewOf(deps.db, row, caller);
}

/** POST /wps/relay/contracts/{id}/reject: the downline declines an offer. */
export function rejectContract(
  deps: ContractDeps,
  caller: ContractCaller,
  id: number,
): Promise<ContractView> {
  return closeOffer(deps, caller, id, 'reject');
}

/**
 * POST /wps/relay/contracts/{id}/termination: either side asks to end a contract in force; the
 * other side answers. (A W, H or M dividend ended mid-period forfeits that period, decision 014.)
 */
export async function requestTermination(
  deps: ContractDeps,
  caller: ContractCaller,
  id: number,
): Promise<ContractView> {
  const { row, notices } = await inTransaction(deps.db, async (tx) => {
    const contract = await lockPartyContract(tx, caller, id);
    if (contract.status !== 'active') {
      throw new AppError('CONTRACT_NOT_ACTIVE', { status: contract.status });
    }
    if (await pendingRequestOf(tx, contract.id)) throw new AppError('CONTRACT_REQUEST_PENDING');
    await insertTerminationRequest(tx, caller.merchant.id, contract.id, caller.member.id);
    await auditAgentAction(tx, caller, 'agent.contract.termination_request', contract, contract, {
      requestedBy: contract.downlineId === caller.member.id ? 'downline' : 'upline',
    });
    const other =
      contract.downlineId === caller.member.id ? contract.uplineId : contract.downlineId;
    const notices: Notice[] =
      other === null
        ? []
        : [
            {
              memberId: other,
              event: event('termination_requested', contract, caller.member.username),
            },
          ];
    return recordNotices(tx, caller.merchant.id, { row: contract, notices });
  });
  await publish(deps, caller.merchant.id, notices);
  return viewOf(deps.db, row, caller);
}

/**
 * POST /wps/relay/contracts/{id}/termination/accept|reject: the other side answers a termination
 * request: accepted, the contract is `terminated`; declined, it stays in force.
 */
export async function answerTermination(
  deps: ContractDeps,
  caller: ContractCaller,
  id: number,
  accept: boolean,
): Promise<ContractView> {
  const now = new Date();
  const { row, notices } = await inTransaction(deps.db, async (tx) => {
    const contract = await lockPartyContract(tx, caller, id);
    const request = await pendingRequestOf(tx, contract.id, 'termination');
    if (contract.status !== 'active' || !request) {
      throw new AppError('CONTRACT_NOT_PENDING', { status: contract.status });
    }
    // The side that asked waits for the other one.
    if (request.requestedBy === caller.member.id) throw new AppError('FORBIDDEN');
    let updated = contract;
    if (accept) {
      const reason =
        request.requestedBy === contract.downlineId
          ? 'requested_by_downline'
          : 'requested_by_upline';
      updated = await updateContract(
        tx,
        contract.id,
        { status: 'terminated', endReason: reason, endedAt: now },
        now,
      );
    }
    await decideRequest(tx, request.id, accept ? 'accepted' : 'rejected', caller.member.id, now);
    await auditAgentAction(
      tx,
      caller,
      accept ? 'agent.contract.termination_accept' : 'agent.contract.termination_reject',
      contract,
      updated,
      { requestId: request.id },
    );
    const notices: Notice[] =
      request.requestedBy === null
        ? []
        : [
            {
              memberId: request.requestedBy,
              event: event(
                accept ? 'terminated' : 'termination_rejected',
                updated,
                caller.member.username,
              ),
            },
          ];
    return recordNotices(tx, caller.merchant.id, { row: updated, notices });
  });
  await publish(deps, caller.merchant.id, notices);
  return viewOf(deps.db, row, caller);
}

/**
 * POST /wps/relay/contracts/{id}/withdraw: the upline takes back its own offer while it is still
 * `offered` (it becomes `rejected` with reason `withdrawn`); the downline is told.
 */
export function withdrawOffer(
  deps: ContractDeps,
  caller: ContractCaller,
  id: number,
): Promise<ContractView> {
  return closeOffer(deps, caller, id, 'withdraw');
}

/** GET /wps/relay/contracts/{id}: one of the caller's contracts. */
export async function contractDetail(
  db: Db,
  caller: ContractCaller,
  id: number,
): Promise<ContractView> {
  const row = await contractOfMember(db, caller.merchant.id, id, caller.member.id);
  if (!row) throw notFound(caller, id);
  return viewOf(db, row, caller);
}

/** GET /wps/relay/contracts: the caller's contracts, newest first. */
export async function listContracts(
  db: Db,
  caller: ContractCaller,
  query: ContractListQuery,
): Promise<ContractPage> {
  const { rows, total } = await contractPage(db, caller.merchant.id, caller.member.id, {
    side: query.side,
    type: query.type,
    status: query.status,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  return {
    content: await viewsOf(db, rows, caller.member.id, caller.merchant.id),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
    totalElements: total,
  };
}

/**
 * GET /wps/relay/contracts/consolidated: per contract type, the caller's contract in force, the
 * request waiting (an offer to it, or a termination on its own or a given contract) and how many
 * contracts of the type it gave are in force.
 */
export async function consolidatedInfo(
  db: Db,
  caller: ContractCaller,
): Promise<ConsolidatedContractInfo> {
  const me = caller.member.id;
  const [inPlay, givenPending] = await Promise.all([
    contractsInPlay(db, caller.merchant.id, me),
    givenWithPendingRequest(db, caller.merchant.id, me),
  ]);
  const received = inPlay.filter((c) => c.downlineId === me);
  const views = new Map(
    (await viewsOf(db, received, me, caller.merchant.id)).map((v) => [v.id, v]),
  );
  const entry = (kind: ContractType): ConsolidatedContractEntry => {
    const mine = received.filter((c) => c.kind === kind);
    const active = mine.find((c) => c.status === 'active');
    const offer = mine.find((c) => c.status === 'offered');
    const activeView = active ? (views.get(active.id) ?? null) : null;
    let reqType: 'new' | 'termination' | null = null;
    let requestContractId: number | null = null;
    let awaitingMe = false;
    const receivedRequest = activeView?.pendingRequest;
    if (offer) {
      reqType = 'new';
      requestContractId = offer.id;
      awaitingMe = true;
    } else if (receivedRequest && active) {
      reqType = 'termination';
      requestContractId = active.id;
      awaitingMe = receivedRequest.requestedBy !== 'me';
    } else {
      const given = givenPending.find(
        (g) => g.contract.kind === kind && g.request.type === 'termination',
      );
      if (given) {
        reqType = 'termination';
        requestContractId = given.contract.id;
        awaitingMe = given.request.requestedBy !== me;
      }
    }
    return {
      reqType,
      requestContractId,
      awaitingMe,
      active: activeView,
      givenActive: inPlay.filter(
        (c) => c.uplineId === me && c.kind === kind && c.status === 'active',
      ).length,
    };
  };
  return {
    dailysalreqtype: entry('daily_salary'),
    divtypereq: entry('dividend'),
    contracthoursalreq: entry('hourly_salary'),
    realtimesalreqtype: entry('realtime_salary'),
  };
}

/** GET /wps/relay/contracts/tiers: the merchant's tier tables with their maximum rates. */
export async function tierTables(db: Db, merchantId: number): Promise<ContractTierTables> {
  const s = await loadContractSettings(db, merchantId);
  const max = (type: ContractType) => maxRateComponents(s, type);
  return {
    dividendPeriods: [...s.dividendPeriods],
    dividend: s.dividendTiers.map((t, i) =>
      tierView({
        periodValidBet: t.minValidBet,
        periodProfitAndLoss: t.minNgr,
        activeMembers: t.minActiveMembers,
        rateBp: max('dividend')[i]![0]!,
      }),
    ),
    daily_salary: s.dailySalaryTiers.map((t) =>
      tierView({
        dailyBetAmount: t.minValidBet,
        activeMembers: t.minActiveMembers,
        rateBp: t.maxRateBp,
      }),
    ),
    hourly_salary: s.hourlySalaryTiers.map((t) =>
      tierView({ betAmountPerHour: t.minValidBet, rateBp: t.maxRateBp }),
    ),
    realtime_salary: s.realtimeSalaryTiers.map((t) =>
      tierView({
        singleBetAmount: t.minSingleBet,
        profitRateBp: t.maxProfitRateBp,
        lossRateBp: t.maxLossRateBp,
      }),
    ),
  };
}
