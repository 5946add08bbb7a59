import { lazy, type ComponentType } from 'react';
import type { MemberPage } from './member-pages';

/**
 * The page each member centre route shows, loaded on first visit. A page missing here shows the
 * member centre's empty state.
 */
export const MEMBER_PAGE_ROUTES: Partial<Record<MemberPage, ComponentType>> = {
  securityCenter: lazy(() => import('../security-centre/routes/security-centre-route')),
  transactionHistory: lazy(() => import('../records/routes/transaction-history-route')),
  personalProfit: lazy(() => import('../records/routes/personal-profit-route')),
  bonusDetails: lazy(() => import('../records/routes/bonus-details-route')),
  personalHistoryCopy: lazy(() => import('../records/routes/betting-records-route')),
  transferFund: lazy(() => import('../transfer/routes/transfer-fund-route')),
  transferUpline: lazy(() => import('../transfer/routes/transfer-upline-route')),
  depositv2: lazy(() => import('../deposit/routes/deposit-route')),
  withdraw: lazy(() => import('../withdraw/routes/withdraw-route')),
  messageV2: lazy(() => import('../content/routes/inbox-route')),
  referral: lazy(() => import('../referral/routes/referral-route')),
};
