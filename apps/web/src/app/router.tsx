import type { GameCategory } from '@app/shared';
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Loader } from '@/components/loader';
import { AGENT_PAGE_ROUTES } from './agent-page-routes';
import { AGENT_PAGES, DEFAULT_AGENT_PAGE } from '@/features/agent/agent-pages';
import { HomeRoute } from './routes/home-route';
import { MEMBER_PAGE_ROUTES } from './member-page-routes';
import { DEFAULT_MEMBER_PAGE, MEMBER_PAGES } from '@/features/member-centre/member-pages';
import { usePermissionInfo } from '@/lib/permission-info';
import type { RouteHandle } from './route-handle';
import { requireAgent, requireRealAccount, requireSession } from './route-guards';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { lazyChunk } from '@/lib/chunk-load';

// The shell and the home page ship in the entry bundle; every other page loads on first visit.
const LoginModal = lazyChunk('login-modal', () => import('./composed/login-modal'));
const RegisterModal = lazyChunk(
  'register-modal',
  () => import('@/features/auth/components/register-modal'),
);
const AgentLoginRoute = lazyChunk(
  'agent-login-route',
  () => import('@/features/auth/routes/agent-login-route'),
);
const AgentCentreRoute = lazyChunk(
  'agent-centre-route',
  () => import('@/features/agent/routes/agent-centre-route'),
);
const MemberCentreRoute = lazyChunk(
  'member-centre-route',
  () => import('@/features/member-centre/routes/member-centre-route'),
);
const MemberPageRoute = lazyChunk(
  'member-page-route',
  () => import('@/features/member-centre/routes/member-page-route'),
);
const HelpRoute = lazyChunk('help-route', () => import('@/features/help/routes/help-route'));
const VipRoute = lazyChunk('vip-route', () => import('@/features/vip/routes/vip-route'));
const PromotionsRoute = lazyChunk(
  'promotions-route',
  () => import('@/features/promotions/routes/promotions-route'),
);
const PointMallRoute = lazyChunk(
  'point-mall-route',
  () => import('@/features/point-mall/routes/point-mall-route'),
);
const SeamlessRoute = lazyChunk(
  'seamless-route',
  () => import('@/features/catalogue/routes/seamless-route'),
);
const LotteryRoute = lazyChunk(
  'lottery-route',
  () => import('@/features/lottery/routes/lottery-route'),
);
const CategoryRoute = lazyChunk(
  'category-route',
  () => import('@/features/catalogue/routes/category-route'),
);
const GameListRoute = lazyChunk(
  'game-list-route',
  () => import('@/features/catalogue/routes/game-list-route'),
);
const ProviderRoute = lazyChunk(
  'provider-route',
  () => import('@/features/catalogue/routes/provider-route'),
);
const BgsRoute = lazyChunk('bgs-route', () => import('@/features/bgs/routes/bgs-route'));
const NotFoundRoute = lazyChunk('not-found-route', () => import('./routes/not-found-route'));
const AppDownloadRoute = lazyChunk(
  'app-download-route',
  () => import('@/features/content/routes/app-download-route'),
);
const ContactRoute = lazyChunk(
  'contact-route',
  () => import('@/features/content/routes/contact-route'),
);
const InstallRoute = lazyChunk(
  'install-route',
  () => import('@/features/content/routes/install-route'),
);
const SupportRoute = lazyChunk(
  'support-route',
  () => import('@/features/content/routes/support-route'),
);

function lazyPage(page: ReactNode): ReactNode {
  return <Suspense fallback={<Loader />}>{page}</Suspense>;
}

type PageOptions = {
  handle: RouteHandle;
  /** Redirects before the page renders (sign-in and agent checks). */
  loader?: (args: { request: Request }) => Response | null;
  /** For paths that differ only by case: /vnLottery and /vnlottery are different pages. */
  caseSensitive?: boolean;
  children?: RouteObject[];
};

function route(path: string, element: ReactNode, options: PageOptions): RouteObject {
  return { path, element, ...options };
}

function HomeWithModal({ modal }: { modal: 'login' | 'register' }) {
  const permission = usePermissionInfo();
  const Modal = modal === 'login' ? LoginModal : RegisterModal;
  return (
    <>
      <HomeRoute />
      <Suspense fallback={null}>
        <Modal permission={permission} />
      </Suspense>
    </>
  );
}

function AgentLoginPage() {
  return <AgentLoginRoute permission={usePermissionInfo()} />;
}

const CATEGORY_PAGES: [string, GameCategory][] = [
  ['sports', 'SPORTS'],
  ['esports', 'ESPORTS'],
  ['lott', 'LOTT'],
  ['elott', 'ELOTT'],
  ['cockfight', 'COCKFIGHT'],
  ['live', 'LIVE'],
  ['fish', 'FISH'],
  ['rng', 'RNG'],
  ['pvp', 'PVP'],
];

// A category page's own load: its chunk is fetched while the entry starts the app, not once the
// router first renders the page (its first card is the page's largest picture).
if (CATEGORY_PAGES.some(([path]) => location.pathname === `/${path}`)) {
  CategoryRoute.preload().catch(() => undefined);
}

const memberRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={DEFAULT_MEMBER_PAGE} replace /> },
  ...MEMBER_PAGES.map((page) => {
    const Page = MEMBER_PAGE_ROUTES[page];
    return route(page, lazyPage(Page ? <Page /> : <MemberPageRoute page={page} />), {
      handle: { name: `member/${page}` },
    });
  }),
];

const agentRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={DEFAULT_AGENT_PAGE} replace /> },
  ...AGENT_PAGES.map((page) => {
    const Page = AGENT_PAGE_ROUTES[page];
    return route(page, lazyPage(<Page />), {
      handle: { name: `agentHome/${page}`, agentArea: true },
    });
  }),
];

const pages: RouteObject[] = [
  { index: true, element: <HomeRoute />, handle: { name: 'home' } satisfies RouteHandle },
  ...['index', 'index.html', 'home'].map((path) =>
    route(path, <HomeRoute />, { handle: { name: 'home' } }),
  ),
  route('login', <HomeWithModal modal="login" />, { handle: { name: 'login' } }),
  route('register', <HomeWithModal modal="register" />, { handle: { name: 'register' } }),
  route('agent', lazyPage(<AgentLoginPage />), { handle: { name: 'agent' } }),
  route('agentHome', lazyPage(<AgentCentreRoute />), {
    handle: { name: 'agentHome', agentArea: true },
    loader: requireAgent,
    children: agentRoutes,
  }),
  route('member', lazyPage(<MemberCentreRoute />), {
    handle: { name: 'member' },
    loader: requireRealAccount,
    children: memberRoutes,
  }),
  ...['help', 'helpmc'].map((path) =>
    route(path, lazyPage(<HelpRoute />), { handle: { name: path, showsTerms: true } }),
  ),
  route('vip', lazyPage(<VipRoute />), { handle: { name: 'vip' } }),
  route('promotions', lazyPage(<PromotionsRoute />), { handle: { name: 'promotions' } }),
  route('pointMall', lazyPage(<PointMallRoute />), { handle: { name: 'pointMall' } }),
  route('seamless', lazyPage(<SeamlessRoute />), {
    handle: { name: 'seamless', hideSideMenu: true },
    loader: requireRealAccount,
  }),
  route('lottery', lazyPage(<LotteryRoute area="LOTT" />), {
    handle: { name: 'lottery' },
    loader: requireRealAccount,
    caseSensitive: true,
  }),
  route('seaLottery', lazyPage(<LotteryRoute area="SEA" />), {
    handle: { name: 'seaLottery' },
    loader: requireRealAccount,
    caseSensitive: true,
  }),
  route('vnLottery', lazyPage(<LotteryRoute area="VN" />), {
    handle: { name: 'vnLottery' },
    loader: requireRealAccount,
    caseSensitive: true,
  }),
  route('lottert', lazyPage(<LotteryRoute area="LOTT" />), {
    handle: { name: 'lottert', hideSideMenu: true },
    loader: requireRealAccount,
    caseSensitive: true,
  }),
  route('sealottery', lazyPage(<LotteryRoute area="SEA" />), {
    handle: { name: 'sealottery', hideSideMenu: true },
    loader: requireRealAccount,
    caseSensitive: true,
  }),
  route('vnlottery', lazyPage(<LotteryRoute area="VN" />), {
    handle: { name: 'vnlottery', hideSideMenu: true },
    loader: requireRealAccount,
    caseSensitive: true,
  }),
  ...CATEGORY_PAGES.map(([path, category]) =>
    route(path, lazyPage(<CategoryRoute category={category} />), { handle: { name: path } }),
  ),
  route('bgs', lazyPage(<BgsRoute />), { handle: { name: 'bgs' } }),
  route('hot', lazyPage(<GameListRoute list="HOT" />), { handle: { name: 'hot' } }),
  route('fav', lazyPage(<GameListRoute list="FAV" />), {
    handle: { name: 'fav' },
    loader: requireSession,
  }),
  route('recent', lazyPage(<GameListRoute list="RECENT" />), {
    handle: { name: 'recent' },
    loader: requireSession,
  }),
  route('favorite', lazyPage(<GameListRoute list="FAVORITE" />), {
    handle: { name: 'favorite' },
    loader: requireSession,
  }),
  route('provider', lazyPage(<ProviderRoute />), { handle: { name: 'provider' } }),
  route('appDownload', lazyPage(<AppDownloadRoute />), { handle: { name: 'appDownload' } }),
  route('contact', lazyPage(<ContactRoute />), { handle: { name: 'contact' } }),
  route('download', lazyPage(<InstallRoute />), { handle: { name: 'download' } }),
  route('support', lazyPage(<SupportRoute />), { handle: { name: 'support' } }),
  route('*', lazyPage(<NotFoundRoute />), { handle: { name: 'notFound' } }),
];

/** Every route of SPEC section 2 inside the layout, in history mode. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loader fullScreen />,
      // A page that fails keeps the header, menus and footer around its error.
      children: [{ errorElement: <RouteError />, children: pages }],
    },
  ]);
}
