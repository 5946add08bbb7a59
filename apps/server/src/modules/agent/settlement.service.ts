import {
  contractInForce,
  contractTiers,
  payoutIdempotencyKey,
  periodsToSettle,
  parsePeriodKey,
  settle,
  splitPeriod,
  type ContractType,
  type HeldPayout,
  type SettlementSegment,
  type PayPeriod,
  type Period,
  type PeriodKind,
} from '@app/agents';
import {
  formatAmount,
  wallClock,
  zoneLabel,
  type ContractSettlementPage,
  type ContractSettlementQuery,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../lib/transaction.js';
import { claimPeriod, finishPeriod, latestPeriodStart } from '../jobs/index.js';
import { postEntryIn, type EntryResult, type EntryType } from '../ledger/index.js';
import { sendMemberMessages } from '../content/index.js';
import type { MerchantZones } from '../merchant/index.js';
import { payoutMessage } from './contract-messages.js';
import { loadContractSettings } from './contract-settings.js';
import { toEngineContract } from './contracts.repository.js';
import * as repo from './settlement.repository.js';

/** What settling and reading settled periods need: the database and the merchants' zones. */
export type SettlementDeps = { db: Db; zones: MerchantZones };

/**
 * Settlement of agent contracts (decision 014, "Settlement"): each closed period of each contract
 * type is settled once per merchant, in one transaction with its claim, and each payout is a
 * ledger entry under `contract:<id>:<periodKey>`.
 */

/*
 * The settlement clock of a merchant is its time zone (decision 024; Asia/Manila unless set):
 * periods are that zone's days, weeks, half-months, months, hours and 5-minute slots.
 */
/** A period is settled this long after it ends, so that late vendor rounds are in. */
export const SETTLEMENT_DELAY_MS = 10 * 60_000;

export const CONTRACT_ENTRY_TYPE: Record<ContractType, EntryType> = {
  dividend: 'agent_dividend',
  daily_salary: 'agent_daily_salary',
  hourly_salary: 'agent_hourly_salary',
  realtime_salary: 'agent_realtime_salary',
};

/** What one settlement pass of one contract type does in a period: one item per payout. */
export type SettlementTarget = { type: ContractType; kind: PeriodKind };

/** Every (type, period kind) the jobs settle: salaries on their own clock, dividends per pay period. */
export const SETTLEMENT_TARGETS: SettlementTarget[] = [
  { type: 'realtime_salary', kind: 'RT' },
  { type: 'hourly_salary', kind: 'HR' },
  { type: 'daily_salary', kind: 'D' },
  ...(['D', 'W', 'H', 'M'] as PayPeriod[]).map((kind) => ({ type: 'dividend' as const, kind })),
];

export type PaidOut = {
  merchantId: number;
  memberId: number;
  currency: string;
  entry: EntryResult;
};

export type PeriodSettlement = {
  merchantId: number;
  type: ContractType;
  period: string;
  contracts: number;
  paid: number;
  total: bigint;
  payouts: PaidOut[];
  /** Contracts held back (their chain's data is invalid), recorded as failures after the commit. */
  held: HeldPayout[];
};

/**
 * Settles the contracts of `type` (dividends: of pay period `period.kind`) in force in `period`
 * for one merchant, in `tx`. A contract already settled for the period is skipped, so running
 * it again pays nothing more.
 */
export async function settleContractPeriod(
  tx: Db,
  merchantId: number,
  type: ContractType,
  period: Period,
  resolvedBy: number | null = null,
): Promise<PeriodSettlement> {
  const currency = await repo.merchantCurrency(tx, merchantId);
  const outcome: PeriodSettlement = {
    merchantId,
    type,
    period: period.key,
    contracts: 0,
    paid: 0,
    total: 0n,
    payouts: [],
    held: [],
  };
  const { rows, contracts } = await repo.contractsForPeriod(tx, merchantId, type, period);
  const inForce = contracts.filter(
    (contract) =>
      contractInForce(contract, period) &&
      (contract.type !== 'dividend' || contract.period === period.kind),
  );
  if (currency === undefined || inForce.length === 0) return outcome;
  const doneRows = await repo.settledRows(
    tx,
    inForce.map((contract) => Number(contract.id)),
    period.key,
  );
  const done = new Set(doneRows.keys());
  if (done.size === inForce.length) return outcome;
  // A contract settled already enters with the carry and shortfall it was settled with, so that
  // the gross its upline subtracts is the same as when it was paid.
  const engineContracts = inForce.map((contract) => {
    const settled = doneRows.get(Number(contract.id));
    if (!settled) return contract;
    return contract.type === 'dividend'
      ? { ...contract, carry: settled.carryBefore, shortfall: settled.shortfallBefore }
      : { ...contract, shortfall: settled.shortfallBefore };
  });

  const tree = await repo.teamsOf(
    tx,
    inForce.map((contract) => Number(contract.agentId)),
  );
  const memberIds = tree.map((node) => Number(node.id));
  const settings = await loadContractSettings(tx, merchantId);
  const heldEarlier = await repo.heldEarlier(tx, merchantId, type, period);
  // W, H and M dividends are settled with the contracts in force at the period's end, on the
  // whole period; the other periods are cut where a contract began or ended (decision 014).
  const wholePeriod = period.kind === 'W' || period.kind === 'H' || period.kind === 'M';
  const parts = wholePeriod ? [period] : splitPeriod(period, inForce);
  // One query at a time: the transaction's connection runs them in order anyway.
  const segments: SettlementSegment[] = [];
  for (const part of parts) {
    const span = { ...period, start: part.start, end: part.end };
    segments.push(
      type === 'realtime_salary'
        ? { ...part, bets: await repo.settledBets(tx, merchantId, memberIds, span) }
        : { ...part, figures: await repo.memberFigures(tx, merchantId, memberIds, span) },
    );
  }
  const result = settle({
    type,
    tree,
    contracts: engineContracts,
    settings,
    heldEarlier,
    ...(wholePeriod
      ? { figures: segments[0]!.figures ?? new Map(), bets: segments[0]!.bets ?? [] }
      : { segments }),
  });
  outcome.held = result.held.filter((h) => !done.has(Number(h.contractId)));
  const rowById = new Map(rows.map((row) => [String(row.id), row]));
  for (const payout of result.payouts) {
    const contractId = Number(payout.contractId);
    if (done.has(contractId)) continue;
    const settled = await repo.insertSettlement(tx, {
      merchantId,
      contractId,
      periodKey: period.key,
      validBet: payout.team.validBet,
      ngr: payout.team.ngr,
      activeMembers: payout.team.activeMembers,
      tier: payout.tier,
      rateBp: payout.rateBp,
      base: payout.base,
      carryBefore: payout.carryIn,
      carryAfter: payout.carryOut,
      shortfallBefore: payout.shortfallIn,
      shortfallAfter: payout.shortfallOut,
      amount: payout.amount,
      downlineGross: payout.downlineGrossE4 / 10_000n,
      detail: {
        inForce:
          payout.inForce?.map((span) => ({
            start: span.start.toISOString(),
            end: span.end.toISOString(),
          })) ?? null,
        realtime: payout.realtime && {
          qualifyingBets: payout.realtime.qualifyingBets,
          wonStake: payout.realtime.wonStake.toString(),
          lostStake: payout.realtime.lostStake.toString(),
        },
      },
    });
    if (!settled) continue;
    outcome.contracts += 1;
    await repo.resolveFailures(tx, merchantId, type, period.key, [contractId], resolvedBy);
    const row = rowById.get(payout.contractId)!;
    if (payout.carryOut !== row.carry || payout.shortfallOut !== row.shortfall) {
      await repo.saveCarry(tx, contractId, payout.carryOut, payout.shortfallOut);
    }
    if (payout.amount <= 0n) continue;
    const agentId = Number(payout.agentId);
    const entry = await postEntryIn(tx, {
      merchantId,
      currency: currency,
      type: CONTRACT_ENTRY_TYPE[type],
      idempotencyKey: payoutIdempotencyKey(payout.contractId, period.key),
      memberId: agentId,
      reference: { contractId, contractType: type, period: period.key },
      postings: [
        { account: { kind: 'member_main', memberId: agentId }, amount: payout.amount },
        { account: { kind: 'house' }, amount: -payout.amount },
      ],
    });
    await repo.linkLedgerEntry(tx, settled.id, entry.entryId);
    // The agent finds the payout in its inbox too, written with it.
    await sendMemberMessages(tx, merchantId, [
      payoutMessage({
        memberId: agentId,
        contractId,
        type,
        periodKey: period.key,
        amount: payout.amount,
        currency: currency,
      }),
    ]);
    outcome.paid += 1;
    outcome.total += payout.amount;
    outcome.payouts.push({ merchantId, memberId: agentId, currency: currency, entry });
  }
  return outcome;
}

/** The minute job that starts each settlement pass (settlement.job.ts). */
export const SETTLEMENT_JOB = 'agent-settlement';

const claimName = (merchantId: number, target: SettlementTarget) =>
  `${SETTLEMENT_JOB}:${merchantId}:${target.type}:${target.kind}`;

/**
 * How long the settlement's claims stay in `job_runs` for operations to read (what each pass
 * did); the periods themselves stay in `agent_contract_settlements`.
 */
export const SETTLEMENT_CLAIM_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * Deletes the settlement's claims of periods that started more than the retention before `now`
 * (at most `limit`), keeping each job's newest claim, where its catch-up starts; see
 * `repo.pruneSettlementClaims` for why a pruned period is never paid again.
 */
export function pruneSettlementClaims(db: Db, now: Date, limit = 10_000): Promise<number> {
  return repo.pruneSettlementClaims(
    db,
    { job: SETTLEMENT_JOB, prefix: `${SETTLEMENT_JOB}:` },
    new Date(now.getTime() - SETTLEMENT_CLAIM_RETENTION_MS),
    limit,
  );
}

/**
 * Settles every closed period not settled yet, for every merchant and target, as of `now`: the
 * catch-up after downtime (at most `limit` periods per target and call). Each (merchant, type,
 * period) is claimed in `job_runs` in the transaction that pays it, so processes that race settle
 * each period once; a failed period rolls back alone and is tried again on the next call.
 */
export async function settleDuePeriods(
  { db, zones }: SettlementDeps,
  now: Date,
  options: { limit?: number; onError?: (name: string, error: unknown) => void } = {},
): Promise<PeriodSettlement[]> {
  const settled: PeriodSettlement[] = [];
  for (const target of SETTLEMENT_TARGETS) {
    for (const merchantId of await repo.merchantsWithContracts(db, target.type)) {
      const name = claimName(merchantId, target);
      const zone = await zones.zoneOf(merchantId);
      const latest = await latestPeriodStart(db, name);
      const last =
        latest === null
          ? null
          : parsePeriodKey(`${target.kind}:${localKeyOf(latest, target.kind, zone)}`, zone);
      const due = periodsToSettle(
        target.kind,
        last,
        now,
        zone,
        SETTLEMENT_DELAY_MS,
        options.limit ?? 300,
      );
      for (const period of due) {
        try {
          const outcome = await inTransaction(db, async (tx) => {
            const id = await claimPeriod(tx, name, period);
            if (id === null) return null;
            const result = await settleContractPeriod(tx, merchantId, target.type, period);
            await finishPeriod(tx, id, {
              contracts: result.contracts,
              paid: result.paid,
              total: result.total.toString(),
              held: result.held.length,
            });
            return result;
          });
          if (outcome) {
            settled.push(outcome);
            // The alerts are written after the commit: the others' pay does not wait on them.
            await recordHeld(db, merchantId, target, period.key, outcome.held);
          }
        } catch (error) {
          options.onError?.(`${name}:${period.key}`, error);
          // Not one agent's data (those are held back above) but the period itself: it stays
          // unclaimed and is tried again next minute; the back office sees the alert meanwhile.
          await repo
            .recordFailures(db, merchantId, target, period.key, [
              {
                contractId: null,
                agentId: null,
                causeAgentId: null,
                reason: 'settlement_error',
                detail: error instanceof Error ? error.message : String(error),
              },
            ])
            .catch((alertError: unknown) => options.onError?.(`${name}:alert`, alertError));
          break; // this target's later periods wait for this one (the carry runs in order)
        }
      }
    }
  }
  return settled;
}

/** Records the held-back contracts of a period as open failures (the back office's alerts). */
export function recordHeld(
  db: Db,
  merchantId: number,
  target: SettlementTarget,
  periodKey: string,
  held: HeldPayout[],
): Promise<void> {
  if (held.length === 0) return Promise.resolve();
  return repo.recordFailures(
    db,
    merchantId,
    target,
    periodKey,
    held.map((h) => ({
      contractId: Number(h.contractId),
      agentId: Number(h.agentId),
      causeAgentId: Number(h.causeAgentId),
      reason: h.reason,
      detail: h.detail,
    })),
  );
}

/**
 * An operator's retry of a failed settlement: the open failures of its merchant, type and period
 * kind are settled now, period by period in order (the carry runs in order), each in its own
 * transaction; a period still held stops the ones after it. Idempotent: a contract's period is
 * paid once (UNIQUE (contract, period), ledger key `contract:<id>:<periodKey>`).
 */
export async function retrySettlementFailure(
  { db, zones }: SettlementDeps,
  merchantId: number,
  failureId: number,
  operatorId: number,
): Promise<{
  failure: repo.FailureRow;
  periods: string[];
  paid: number;
  held: number;
  settled: PeriodSettlement[];
} | null> {
  const failure = await repo.failureById(db, merchantId, failureId);
  if (!failure) return null;
  const type = failure.contractType as ContractType;
  const target: SettlementTarget = { type, kind: failure.periodKind as PeriodKind };
  const keys = await repo.openFailurePeriods(db, merchantId, type, target.kind);
  const zone = await zones.zoneOf(merchantId);
  const periods: string[] = [];
  const settled: PeriodSettlement[] = [];
  let paid = 0;
  let held = 0;
  for (const key of keys) {
    const period = parsePeriodKey(key, zone);
    if (!period) continue;
    const outcome = await inTransaction(db, (tx) =>
      settleContractPeriod(tx, merchantId, type, period, operatorId),
    );
    periods.push(key);
    settled.push(outcome);
    paid += outcome.paid;
    held += outcome.held.length;
    await recordHeld(db, merchantId, target, key, outcome.held);
    if (outcome.held.length > 0) break;
  }
  return {
    failure: (await repo.failureById(db, merchantId, failureId))!,
    periods,
    paid,
    held,
    settled,
  };
}

/** The local date (and time for HR and RT) of an instant, as period keys write it. */
function localKeyOf(at: Date, kind: PeriodKind, zone: string): string {
  const local = new Date(wallClock(at, zone)).toISOString();
  return kind === 'HR' || kind === 'RT' ? local.slice(0, 16) : local.slice(0, 10);
}

/** An instant as the settlement clock's local time: `2026-11-23 21:05`. */
export function localTime(at: Date, zone: string): string {
  return new Date(wallClock(at, zone)).toISOString().slice(0, 16).replace('T', ' ');
}

/** A period key's start and end in local time. */
function localPeriod(periodKey: string, zone: string): { periodStart: string; periodEnd: string } {
  const period = parsePeriodKey(periodKey, zone);
  return period
    ? { periodStart: localTime(period.start, zone), periodEnd: localTime(period.end, zone) }
    : { periodStart: periodKey, periodEnd: periodKey };
}

/** The figures of a settled period that the agent and the back office both see, formatted. */
export function settledFigures(row: {
  validBet: bigint;
  ngr: bigint;
  activeMembers: number;
  tier: number | null;
  rateBp: number | null;
  base: bigint;
}) {
  return {
    validBet: formatAmount(row.validBet),
    ngr: formatAmount(row.ngr),
    activeMembers: row.activeMembers,
    tier: row.tier === null ? null : row.tier + 1,
    rateBp: row.rateBp,
    base: formatAmount(row.base),
  };
}

/** GET /wps/relay/contracts/settlements: the caller's own settled periods of one contract type. */
export async function listSettlements(
  { db, zones }: SettlementDeps,
  caller: { merchantId: number; memberId: number },
  query: ContractSettlementQuery,
): Promise<ContractSettlementPage> {
  const { rows, total, amount } = await repo.settlementPage(
    db,
    caller.merchantId,
    caller.memberId,
    query.type,
    { offset: (query.pageNum - 1) * query.pageSize, limit: query.pageSize },
  );
  const settings = await loadContractSettings(db, caller.merchantId);
  const zone = await zones.zoneOf(caller.merchantId);
  const label = zoneLabel(zone);
  return {
    content: rows.map((row) => ({
      id: row.id,
      contractId: row.contractId,
      periodKey: row.periodKey,
      ...settledFigures(row),
      carryBefore: formatAmount(row.carryBefore),
      carryAfter: formatAmount(row.carryAfter),
      shortfallBefore: formatAmount(row.shortfallBefore),
      shortfallAfter: formatAmount(row.shortfallAfter),
      amount: formatAmount(row.amount),
      deductedForDownlines: row.downlineGross === null ? null : formatAmount(row.downlineGross),
      ...localPeriod(row.periodKey, zone),
      timeZone: label,
      inForce:
        row.detail?.inForce?.map((span) => ({
          start: localTime(new Date(span.start), zone),
          end: localTime(new Date(span.end), zone),
        })) ?? null,
      realtime:
        row.contract.kind === 'realtime_salary'
          ? {
              qualifyingBets: row.detail?.realtime?.qualifyingBets ?? 0,
              wonStake: formatAmount(BigInt(row.detail?.realtime?.wonStake ?? '0')),
              lostStake: formatAmount(BigInt(row.detail?.realtime?.lostStake ?? '0')),
              rates: contractTiers(toEngineContract(row.contract), settings).map((tier) => {
                const t = tier as {
                  singleBetAmount: bigint;
                  profitRateBp: number;
                  lossRateBp: number;
                };
                return {
                  singleBetAmount: formatAmount(t.singleBetAmount),
                  profitRateBp: t.profitRateBp,
                  lossRateBp: t.lossRateBp,
                };
              }),
            }
          : null,
      settledAt: row.createdAt.toISOString(),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
    totalElements: total,
    totalAmount: formatAmount(amount),
  };
}
