import type { OperatorPermission } from '@app/shared';

/** One page of the back office and the permission its endpoints check (decision 008). */
export type Section = {
  id: SectionId;
  path: string;
  permission: OperatorPermission;
};

export type SectionId =
  | 'members'
  | 'adjustments'
  | 'kyc'
  | 'deposits'
  | 'withdrawals'
  | 'channels'
  | 'risk'
  | 'reports'
  | 'operators'
  | 'audit'
  | 'callbacks'
  | 'vendorTransfers'
  | 'agentContracts'
  | 'agentSettlements'
  | 'catalogue'
  | 'system'
  | 'content';

/** The pages in menu order. A page is shown only to roles whose endpoints would answer it. */
export const SECTIONS: readonly Section[] = [
  { id: 'deposits', path: '/deposits', permission: 'payments.deposits' },
  { id: 'withdrawals', path: '/withdrawals', permission: 'payments.withdrawals' },
  { id: 'channels', path: '/channels', permission: 'payments.channels' },
  { id: 'callbacks', path: '/callbacks', permission: 'payments.channels' },
  { id: 'members', path: '/members', permission: 'members.read' },
  { id: 'adjustments', path: '/adjustments', permission: 'members.adjust' },
  { id: 'vendorTransfers', path: '/vendor-transfers', permission: 'members.adjust' },
  { id: 'agentContracts', path: '/agent-contracts', permission: 'members.read' },
  { id: 'agentSettlements', path: '/agent-settlements', permission: 'members.read' },
  { id: 'kyc', path: '/kyc', permission: 'kyc.review' },
  { id: 'risk', path: '/risk', permission: 'risk.manage' },
  { id: 'reports', path: '/reports', permission: 'reports.read' },
  { id: 'operators', path: '/operators', permission: 'operators.manage' },
  { id: 'audit', path: '/audit', permission: 'audit.read' },
  { id: 'catalogue', path: '/catalogue', permission: 'catalogue.write' },
  { id: 'system', path: '/system', permission: 'system.write' },
  { id: 'content', path: '/content', permission: 'content.write' },
];

/** The pages the operator may open, in menu order. */
export function allowedSections(permissions: readonly OperatorPermission[]): Section[] {
  return SECTIONS.filter((section) => permissions.includes(section.permission));
}

/**
 * The dashboard (issue 18): any operator's landing page; what it holds follows the role (the
 * figures with reports.read, each queue with the permission that acts on it).
 */
export const DASHBOARD_PATH = '/dashboard';

/** Where a signed-in operator lands: the dashboard, or the no-access page without any page. */
export function landingPath(permissions: readonly OperatorPermission[]): string {
  return allowedSections(permissions).length > 0 ? DASHBOARD_PATH : '/no-access';
}
