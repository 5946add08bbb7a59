import type { GameMenus, PermissionInfo } from '@app/shared';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cx } from '@/lib/class-names';
import { useMediaQuery } from '@/lib/use-media-query';
import { lazyChunk } from '@/lib/chunk-load';
import styles from './app-layout.module.css';
import { Header } from './header';
import sideMenuStyles from './side-menu.module.css';
import { MENU_COLUMN_QUERY } from './menu-column';
import { TopNav } from './top-nav';

type AppLayoutProps = {
  permission: PermissionInfo;
  menus: GameMenus;
  /** Full-width game pages (/seamless and the lottery game pages) leave the side menu out. */
  showSideMenu: boolean;
  /** The agent centre's pages (RouteHandle.agentArea). */
  agentArea: boolean;
  children: ReactNode;
};

const MAIN_ID = 'main-content';

// Not in the entry: the footer starts below the fold (main is a screen tall), and the side menu
// is a closed drawer on a phone; on a wide screen its column is held empty until it arrives.
const Footer = lazyChunk('footer', () => import('./footer'));
const importSideMenu = () => import('./side-menu');
const SideMenu = lazyChunk('side-menu', importSideMenu);

/** The frame of every page: header, top navigation, side menu (a drawer on small screens), footer. */
export function AppLayout({
  permission,
  menus,
  showSideMenu,
  agentArea,
  children,
}: AppLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // The drawer belongs to the page it was opened on, so any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === location.key;
  // On a phone the side menu is a drawer most visitors never open: it is drawn the first time it
  // is opened (its code fetched once the page is idle), not with every page's first paint.
  const menuColumn = useMediaQuery(MENU_COLUMN_QUERY);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const sideMenuDrawn = showSideMenu && (menuColumn || drawerUsed);
  useEffect(() => {
    if (menuColumn || !showSideMenu) return;
    const load = () => void importSideMenu().catch(() => undefined);
    // Safari before 18 has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(load, { timeout: 5000 });
    } else {
      setTimeout(load, 2000);
    }
  }, [menuColumn, showSideMenu]);
  function openDrawer() {
    setDrawerUsed(true);
    // Opened in the frame after it is drawn closed, so it slides in the first time too.
    requestAnimationFrame(() => setDrawerOpenedAt(location.key));
  }
  // The side menu starts collapsed in the agent centre and open elsewhere; the user's toggle holds
  // until they enter or leave the agent centre.
  const [menuState, setMenuState] = useState({ agentArea, collapsed: agentArea });
  if (menuState.agentArea !== agentArea) setMenuState({ agentArea, collapsed: agentArea });
  const { collapsed } = menuState;
  const categories = menus.map(({ gameCategory }) => gameCategory);

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href={`#${MAIN_ID}`}>
        {t('common.skipToContent')}
      </a>
      <div className={styles.top}>
        <Header
          merchantName={permission.merchantName}
          whitelabel={permission.whitelabel}
          onOpenMenu={showSideMenu ? openDrawer : undefined}
          menuOpen={drawerOpen}
        />
        {!agentArea && <TopNav categories={categories} />}
      </div>
      <div className={styles.body}>
        {sideMenuDrawn && (
          <Suspense
            fallback={
              <div className={cx(sideMenuStyles.menu, collapsed && sideMenuStyles.collapsed)} />
            }
          >
            <SideMenu
              categories={categories}
              resources={permission.resources}
              customerServiceUrl={permission.customerService.url}
              collapsed={collapsed}
              onToggleCollapsed={() =>
                setMenuState((state) => ({ ...state, collapsed: !state.collapsed }))
              }
              drawerOpen={drawerOpen}
              onCloseDrawer={() => setDrawerOpenedAt(null)}
            />
          </Suspense>
        )}
        <div className={styles.column}>
          <main
            id={MAIN_ID}
            className={cx(styles.main, agentArea && styles.mainWide)}
            tabIndex={-1}
          >
            {children}
          </main>
          <Suspense fallback={null}>
            <Footer
              merchantName={permission.merchantName}
              menus={menus}
              resources={permission.resources}
              compact={agentArea}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
