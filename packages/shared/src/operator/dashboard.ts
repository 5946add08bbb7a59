import { z } from 'zod';
import { Amount } from '../wallet/wallet.js';
import { ActiveMemberRule } from './reports.js';

/**
 * GET /admin/api/dashboard (issue 18): where an operator lands after sign-in. Today's figures
 * beside yesterday's (calendar days of the merchant's time zone, the reports' own figures, so the
 * dashboard and the daily report always agree), and the pending queues the operator's role can act on.
 */
export const DashboardFigures = z.object({
  deposits: z.number().int(),
  depositAmount: Amount,
  withdrawals: z.number().int(),
  withdrawalAmount: Amount,
  ggr: Amount,
  bonus: Amount,
  ngr: Amount,
  /** Agent commission paid (dividend and salaries). */
  commission: Amount,
  /** Accounts registered (trial accounts excluded). */
  newMembers: z.number().int(),
  /** By the contract rule (decision 014), as in the reports and the agent overview. */
  activeMembers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;

/** The queues, each shown only to roles holding the permission that acts on it. */
export const DASHBOARD_QUEUES = [
  'deposits',
  'withdrawals',
  'kyc',
  'risk',
  'agentTerminations',
  'settlementFailures',
] as const;
export const DashboardQueueId = z.enum(DASHBOARD_QUEUES);
export type DashboardQueueId = z.infer<typeof DashboardQueueId>;

export const DashboardQueue = z.object({
  id: DashboardQueueId,
  /** Items waiting for an operator. */
  count: z.number().int(),
  /** When the oldest waiting item arrived (ISO instant), null when the queue is empty. */
  oldestAt: z.string().nullable(),
  /** Its age in whole seconds at the time of the answer, null when empty. */
  oldestAgeSeconds: z.number().int().nullable(),
});
export type DashboardQueue = z.infer<typeof DashboardQueue>;

export const AdminDashboard = z.object({
  /** Days of the merchant's time zone (decision 024), yyyy-MM-dd. */
  today: z.string(),
  yesterday: z.string(),
  currency: z.string().length(3),
  /** Null when the role may not read reports (reports.read). */
  figures: z.object({ today: DashboardFigures, yesterday: DashboardFigures }).nullable(),
  /** The rule activeMembers counts by; null with the figures. */
  activeRule: ActiveMemberRule.nullable(),
  queues: z.array(DashboardQueue),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
