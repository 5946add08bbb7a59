import type { GameMenus, PermissionInfo } from '@app/shared';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cx } from '@/lib/class-names';
import { lazyChunk } from '@/lib/chunk-load';
import styles from './app-layout.module.css';
import { Header } from './header';
import sideMenuStyles from './side-menu.module.css';
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
const SideMenu = lazyChunk('side-menu', () => import('./side-menu'));

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
          onOpenMenu={showSideMenu ? () => setDrawerOpenedAt(location.key) : undefined}
          menuOpen={drawerOpen}
        />
        {!agentArea && <TopNav categories={categories} />}
      </div>
      <div className={styles.body}>
        {showSideMenu && (
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
