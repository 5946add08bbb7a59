import type { OperatorPermission } from '@app/shared';
import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { Loader } from '../components/query-content';
import { readToken, subscribeSession } from '../lib/session';
import { useOperator } from '../lib/use-operator';
import { landingPath, SECTIONS, type SectionId } from './navigation';
import { ShellLayout } from './shell-layout';

// Each page loads on its first visit; the sign-in page ships with the shell.
const LoginRoute = lazy(() => import('../features/auth/routes/login-route'));
const PAGES: Record<SectionId, ComponentType> = {
  deposits: lazy(() => import('../features/deposits/routes/deposits-route')),
  withdrawals: lazy(() => import('../features/withdrawals/routes/withdrawals-route')),
  channels: lazy(() => import('../features/channels/routes/channels-route')),
  members: lazy(() => import('../features/members/routes/members-route')),
  adjustments: lazy(() => import('../features/adjustments/routes/adjustments-route')),
  kyc: lazy(() => import('../features/kyc/routes/kyc-route')),
  risk: lazy(() => import('../features/risk/routes/risk-route')),
  reports: lazy(() => import('../features/reports/routes/reports-route')),
  operators: lazy(() => import('../features/operators/routes/operators-route')),
  audit: lazy(() => import('../features/audit/routes/audit-route')),
  callbacks: lazy(() => import('../features/callbacks/routes/callbacks-route')),
  vendorTransfers: lazy(() => import('../features/vendor-transfers/routes/vendor-transfers-route')),
  agentContracts: lazy(() => import('../features/agent-contracts/routes/agent-contracts-route')),
  catalogue: lazy(() => import('../features/catalogue/routes/catalogue-route')),
  system: lazy(() => import('../features/system/routes/system-route')),
  content: lazy(() => import('../features/content/routes/content-route')),
};

function NoAccess() {
  const { t } = useTranslation();
  return (
    <p className="muted" data-testid="no-access">
      {t('shell.noAccess')}
    </p>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return <p className="muted">{t('shell.notFound')}</p>;
}

/** A page the role may not open says so instead of showing the server's 403 on every call. */
function Permitted({
  permission,
  page: Page,
}: {
  permission: OperatorPermission;
  page: ComponentType;
}) {
  const operator = useOperator();
  if (!operator.permissions.includes(permission)) return <NoAccess />;
  return (
    <Suspense fallback={<Loader />}>
      <Page />
    </Suspense>
  );
}

function Landing() {
  return <Navigate to={landingPath(useOperator().permissions)} replace />;
}

/** Signed in already (or just now): on to the page the operator came for. */
function LoginPage() {
  const token = useSyncExternalStore(subscribeSession, readToken);
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  if (token) return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  return (
    <Suspense fallback={<Loader />}>
      <LoginRoute />
    </Suspense>
  );
}

const sectionRoutes: RouteObject[] = SECTIONS.map((section) => ({
  path: `${section.path.slice(1)}/*`,
  element: <Permitted permission={section.permission} page={PAGES[section.id]} />,
}));

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: <ShellLayout />,
      children: [
        { index: true, element: <Landing /> },
        { path: 'no-access', element: <NoAccess /> },
        ...sectionRoutes,
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
