import { type ComponentType } from 'react';
import type { MemberPage } from '@/features/member-centre/member-pages';
import { lazyChunk } from '@/lib/chunk-load';

/**
 * The page each member centre route shows, loaded on first visit. A page missing here shows the
 * member centre's empty state.
 */
export const MEMBER_PAGE_ROUTES: Partial<Record<MemberPage, ComponentType>> = {
  securityCenter: lazyChunk(
    'security-centre-route',
    () => import('@/features/security-centre/routes/security-centre-route'),
  ),
  transactionHistory: lazyChunk(
    'transaction-history-route',
    () => import('@/features/records/routes/transaction-history-route'),
  ),
  personalProfit: lazyChunk(
    'personal-profit-route',
    () => import('@/features/records/routes/personal-profit-route'),
  ),
  bonusDetails: lazyChunk(
    'bonus-details-route',
    () => import('@/features/records/routes/bonus-details-route'),
  ),
  personalHistoryCopy: lazyChunk(
    'betting-records-route',
    () => import('@/features/records/routes/betting-records-route'),
  ),
  transferFund: lazyChunk(
    'transfer-fund-route',
    () => import('@/features/transfer/routes/transfer-fund-route'),
  ),
  transferUpline: lazyChunk(
    'transfer-upline-route',
    () => import('@/features/transfer/routes/transfer-upline-route'),
  ),
  depositv2: lazyChunk('deposit-route', () => import('@/features/deposit/routes/deposit-route')),
  withdraw: lazyChunk('withdraw-route', () => import('@/features/withdraw/routes/withdraw-route')),
  messageV2: lazyChunk('inbox-route', () => import('@/features/content/routes/inbox-route')),
  referral: lazyChunk('referral-route', () => import('@/features/referral/routes/referral-route')),
};
