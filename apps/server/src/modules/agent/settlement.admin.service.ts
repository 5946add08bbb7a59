import {
  formatAmount,
  type AdminSettlementFailure,
  type AdminSettlementFailurePage,
  type AdminSettlementFailureQuery,
  type AdminSettlementPage,
  type AdminSettlementQuery,
  type AdminSettlementRetryResult,
  type ContractKind,
  type SettlementFailureReason,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, isoOrNull, pageWindow, type OperatorActor } from '../operator/index.js';
import * as repo from './settlement.repository.js';
import {
  retrySettlementFailure,
  type SettlementDeps,
  settledFigures,
  type PeriodSettlement,
} from './settlement.service.js';

/**
 * The back office's settlement screens (decision 014): the alerts of held-back or failed
 * settlements, an operator's retry, and every settled period with its figures and ledger entry.
 */

function toFailure(r: repo.FailureSelect): AdminSettlementFailure {
  const row = r.row;
  return {
    id: row.id,
    type: row.contractType as ContractKind,
    periodKey: row.periodKey,
    contractId: row.contractId,
    agent: r.agent,
    causeAgent: r.cause,
    reason: row.reason as SettlementFailureReason,
    detail: row.detail,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    attempts: row.attempts,
    status: row.status as 'open' | 'resolved',
    resolvedAt: isoOrNull(row.resolvedAt),
    resolvedBy: r.operator,
  };
}

/** GET /admin/api/agents/settlement-failures: the merchant's alerts, open first, oldest first. */
export async function listSettlementFailures(
  db: Db,
  merchantId: number,
  query: AdminSettlementFailureQuery,
): Promise<AdminSettlementFailurePage> {
  return pageOf(
    query,
    await repo.failurePage(db, merchantId, query.status, pageWindow(query)),
    toFailure,
  );
}

async function failureOf(db: Db, merchantId: number, id: number): Promise<AdminSettlementFailure> {
  const row = await repo.failureRow(db, merchantId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toFailure(row);
}

/**
 * POST /admin/api/agents/settlement-failures/:id/retry: settles now the held-back periods of the
 * failure's contract type and period kind, in order; audited. A failure of another merchant is
 * NOT_FOUND. Running it twice (or twice at once) pays once.
 */
export async function retryFailure(
  deps: SettlementDeps,
  actor: OperatorActor,
  id: number,
): Promise<{ result: AdminSettlementRetryResult; settled: PeriodSettlement[] }> {
  const { db } = deps;
  const before = await failureOf(db, actor.merchantId, id);
  const outcome = await retrySettlementFailure(deps, actor.merchantId, id, actor.operatorId);
  if (!outcome) throw new AppError('NOT_FOUND');
  const failure = await failureOf(db, actor.merchantId, id);
  await inTransaction(db, (tx) =>
    auditAction(tx, actor, {
      action: 'agent.settlement.retry',
      subjectType: 'agent_settlement_failure',
      subjectId: id,
      before: { status: before.status, attempts: before.attempts, periodKey: before.periodKey },
      after: {
        status: failure.status,
        periods: outcome.periods,
        paid: outcome.paid,
        held: outcome.held,
      },
    }),
  );
  return {
    result: { failure, periods: outcome.periods, paid: outcome.paid, held: outcome.held },
    settled: outcome.settled,
  };
}

/** GET /admin/api/agents/settlements: the merchant's settled periods, newest first, filtered. */
export async function listAdminSettlements(
  db: Db,
  merchantId: number,
  query: AdminSettlementQuery,
): Promise<AdminSettlementPage> {
  return pageOf(
    query,
    await repo.adminSettlementPage(
      db,
      merchantId,
      { type: query.type, username: query.username, from: query.from, to: query.to },
      pageWindow(query),
    ),
    ({ row, type, agent }) => ({
      id: row.id,
      periodKey: row.periodKey,
      type: type as ContractKind,
      agent,
      contractId: row.contractId,
      ...settledFigures(row),
      amount: formatAmount(row.amount),
      deductedForDownlines: row.downlineGross === null ? null : formatAmount(row.downlineGross),
      ledgerEntryId: row.ledgerEntryId,
      settledAt: row.createdAt.toISOString(),
    }),
  );
}
