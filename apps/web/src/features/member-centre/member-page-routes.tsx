import { type ComponentType } from 'react';
import type { MemberPage } from './member-pages';
import { lazyChunk } from '../../lib/chunk-load';

/**
 * The page each member centre route shows, loaded on first visit. A page missing here shows the
 * member centre's empty state.
 */
export const MEMBER_PAGE_ROUTES: Partial<Record<MemberPage, ComponentType>> = {
  securityCenter: lazyChunk(
    'security-centre-route',
    () => import('../security-centre/routes/security-centre-route'),
  ),
  transactionHistory: lazyChunk(
    'transaction-history-route',
    () => import('../records/routes/transaction-history-route'),
  ),
  personalProfit: lazyChunk(
    'personal-profit-route',
    () => import('../records/routes/personal-profit-route'),
  ),
  bonusDetails: lazyChunk(
    'bonus-details-route',
    () => import('../records/routes/bonus-details-route'),
  ),
  personalHistoryCopy: lazyChunk(
    'betting-records-route',
    () => import('../records/routes/betting-records-route'),
  ),
  transferFund: lazyChunk(
    'transfer-fund-route',
    () => import('../transfer/routes/transfer-fund-route'),
  ),
  transferUpline: lazyChunk(
    'transfer-upline-route',
    () => import('../transfer/routes/transfer-upline-route'),
  ),
  depositv2: lazyChunk('deposit-route', () => import('../deposit/routes/deposit-route')),
  withdraw: lazyChunk('withdraw-route', () => import('../withdraw/routes/withdraw-route')),
  messageV2: lazyChunk('inbox-route', () => import('../content/routes/inbox-route')),
  referral: lazyChunk('referral-route', () => import('../referral/routes/referral-route')),
};
