import type { OperatorPermission } from '@app/shared';
import { loadChunk } from '@app/shared/chunk-load';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { Loader } from '@/components/query-content';
import { useToken } from '@/lib/session';
import { useOperator } from '@/lib/use-operator';
import { DASHBOARD_PATH, landingPath, SECTIONS, type SectionId } from './navigation';
import { RouteError } from './route-error';
import { ShellLayout } from './shell-layout';

// Each page loads on its first visit; the sign-in page ships with the shell.
const LoginRoute = lazy(() =>
  loadChunk('login-route', () => import('@/features/auth/routes/login-route')),
);
const PAGES: Record<SectionId, ComponentType> = {
  deposits: lazy(() =>
    loadChunk('deposits-route', () => import('@/features/deposits/routes/deposits-route')),
  ),
  withdrawals: lazy(() =>
    loadChunk('withdrawals-route', () => import('@/features/withdrawals/routes/withdrawals-route')),
  ),
  channels: lazy(() =>
    loadChunk('channels-route', () => import('@/features/channels/routes/channels-route')),
  ),
  members: lazy(() =>
    loadChunk('members-route', () => import('@/features/members/routes/members-route')),
  ),
  adjustments: lazy(() =>
    loadChunk('adjustments-route', () => import('@/features/adjustments/routes/adjustments-route')),
  ),
  kyc: lazy(() => loadChunk('kyc-route', () => import('@/features/kyc/routes/kyc-route'))),
  risk: lazy(() => loadChunk('risk-route', () => import('@/features/risk/routes/risk-route'))),
  reports: lazy(() =>
    loadChunk('reports-route', () => import('@/features/reports/routes/reports-route')),
  ),
  operators: lazy(() =>
    loadChunk('operators-route', () => import('@/features/operators/routes/operators-route')),
  ),
  audit: lazy(() => loadChunk('audit-route', () => import('@/features/audit/routes/audit-route'))),
  callbacks: lazy(() =>
    loadChunk('callbacks-route', () => import('@/features/callbacks/routes/callbacks-route')),
  ),
  vendorTransfers: lazy(() =>
    loadChunk(
      'vendor-transfers-route',
      () => import('@/features/vendor-transfers/routes/vendor-transfers-route'),
    ),
  ),
  agentContracts: lazy(() =>
    loadChunk(
      'agent-contracts-route',
      () => import('@/features/agent-contracts/routes/agent-contracts-route'),
    ),
  ),
  agentSettlements: lazy(() =>
    loadChunk(
      'agent-settlements-route',
      () => import('@/features/agent-settlements/routes/agent-settlements-route'),
    ),
  ),
  catalogue: lazy(() =>
    loadChunk('catalogue-route', () => import('@/features/catalogue/routes/catalogue-route')),
  ),
  system: lazy(() =>
    loadChunk('system-route', () => import('@/features/system/routes/system-route')),
  ),
  content: lazy(() =>
    loadChunk('content-route', () => import('@/features/content/routes/content-route')),
  ),
};

const DashboardRoute = lazy(() =>
  loadChunk('dashboard-route', () => import('@/features/dashboard/routes/dashboard-route')),
);

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
  const token = useToken();
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
    { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
    {
      path: '/',
      element: <ShellLayout />,
      errorElement: <RouteError />,
      // A page that fails shows its error inside the shell, with the menu still there.
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, element: <Landing /> },
            { path: 'no-access', element: <NoAccess /> },
            {
              path: DASHBOARD_PATH.slice(1),
              element: (
                <Suspense fallback={<Loader />}>
                  <DashboardRoute />
                </Suspense>
              ),
            },
            ...sectionRoutes,
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
