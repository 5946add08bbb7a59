import {
  DASHBOARD_QUEUES,
  addDays,
  recordsToday,
  type AdminDashboard,
  type DashboardFigures,
  type OperatorPermission,
  type ReportFigures,
} from '@app/shared';
import { dailyReport, type ReportDeps } from './reports.admin.service.js';
import type { Merchant } from '../merchant/index.js';
import { QUEUE_PERMISSION, queues } from './dashboard.admin.repository.js';

function pick(f: ReportFigures): DashboardFigures {
  return {
    deposits: f.deposits,
    depositAmount: f.depositAmount,
    withdrawals: f.withdrawals,
    withdrawalAmount: f.withdrawalAmount,
    ggr: f.ggr,
    bonus: f.bonus,
    ngr: f.ngr,
    commission: f.commission,
    newMembers: f.registrations,
    activeMembers: f.activeMembers,
  };
}

/**
 * The operator's dashboard: today's and yesterday's figures (the daily report of those two days
 * in the merchant's time zone, so both screens always agree) when the role reads reports, and the queues
 * its permissions act on.
 */
export async function dashboard(
  deps: ReportDeps,
  merchant: Pick<Merchant, 'id' | 'code' | 'currency'>,
  permissions: readonly OperatorPermission[],
  now: Date = new Date(),
): Promise<AdminDashboard> {
  const today = recordsToday(now, await deps.zones.zoneOf(merchant.id));
  const yesterday = addDays(today, -1);
  const ids = DASHBOARD_QUEUES.filter((id) => permissions.includes(QUEUE_PERMISSION[id]));
  const [report, waiting] = await Promise.all([
    permissions.includes('reports.read')
      ? dailyReport(deps, merchant, { from: yesterday, to: today })
      : null,
    queues(deps.db, merchant.id, ids),
  ]);
  return {
    today,
    yesterday,
    currency: merchant.currency,
    figures: report ? { today: pick(report.days[1]!), yesterday: pick(report.days[0]!) } : null,
    activeRule: report?.activeRule ?? null,
    queues: waiting.map((q) => ({
      id: q.id,
      count: q.count,
      oldestAt: q.oldest?.toISOString() ?? null,
      oldestAgeSeconds: q.age,
    })),
  };
}
