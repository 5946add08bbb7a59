import type { ContractKind } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { listSettlements, type SettlementDeps } from './settlement.service.js';

/** The most settled periods one export holds; more answers EXPORT_TOO_LARGE. */
export const SETTLEMENT_EXPORT_MAX_ROWS = 10_000;

const rate = (bp: number | null) => (bp === null ? null : (bp / 100).toFixed(2));

/**
 * GET /wps/relay/contracts/settlements/export: every settled period of the caller's own contracts
 * of one type as CSV (the records page's rows, newest first, all pages): period in its time zone,
 * the figures, tier and rate (real-time: the rates per single bet amount), what was deducted for
 * downlines and what was paid. Rates in percent, amounts in decimals.
 */
export async function settlementsCsv(
  deps: SettlementDeps,
  caller: { merchantId: number; memberId: number },
  type: ContractKind,
  max = SETTLEMENT_EXPORT_MAX_ROWS,
) {
  const page = await listSettlements(deps, caller, { type, pageNum: 1, pageSize: max });
  if (page.totalElements > max) {
    throw new AppError('EXPORT_TOO_LARGE', { limit: max, total: page.totalElements });
  }
  const body = toCsv(
    [
      'period_start',
      'period_end',
      'time_zone',
      'contract_id',
      'valid_bet',
      'ngr',
      'active_members',
      'tier',
      'rate_percent',
      'realtime_rates',
      'base',
      'carry_before',
      'carry_after',
      'shortfall_before',
      'shortfall_after',
      'deducted_for_downlines',
      'amount',
      'settled_at',
    ],
    page.content.map((row) => [
      row.periodStart,
      row.periodEnd,
      row.timeZone,
      row.contractId,
      row.validBet,
      row.ngr,
      row.activeMembers,
      row.tier,
      rate(row.rateBp),
      row.realtime
        ? row.realtime.rates
            .map((r) => `${r.singleBetAmount}: ${rate(r.profitRateBp)}/${rate(r.lossRateBp)}`)
            .join('; ')
        : null,
      row.base,
      row.carryBefore,
      row.carryAfter,
      row.shortfallBefore,
      row.shortfallAfter,
      row.deductedForDownlines,
      row.amount,
      row.settledAt,
    ]),
  );
  return { fileName: `agent-${type}-settlements.csv`, body };
}
