import { lazy, type ComponentType } from 'react';
import type { MemberPage } from './member-pages';

/**
 * The page each member centre route shows, loaded on first visit. A page missing here shows the
 * member centre's empty state.
 */
export const MEMBER_PAGE_ROUTES: Partial<Record<MemberPage, ComponentType>> = {
  securityCenter: lazy(() => import('../security-centre/routes/security-centre-route')),
};
