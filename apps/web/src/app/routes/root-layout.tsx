import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DialogHost } from '@/components/dialog-host';
import { ContractPopupHost } from '@/features/agent/contracts/contract-popup-host';
import { useGameMenus } from '@/lib/game-menus';
import { DisclaimerModal } from '@/features/disclaimer/components/disclaimer-modal';
import { AppLayout } from '@/features/layout/components/app-layout';
import { usePermissionInfo } from '@/lib/permission-info';
import { AppModals } from '../app-modals';
import { useRouteHandle } from '../route-handle';

function useScrollResetOnRouteChange(routeName: string | undefined) {
  const { hash } = useLocation();
  const previous = useRef(routeName);
  useEffect(() => {
    if (previous.current === routeName) return;
    previous.current = routeName;
    // A link to an anchor (/help#term) lands on the anchor instead; that page scrolls to it.
    if (!hash) window.scrollTo(0, 0);
  }, [routeName, hash]);
}

/** Every page inside the layout, fed with the merchant's configuration and game menus. */
export function RootLayout() {
  const permission = usePermissionInfo();
  const menus = useGameMenus();
  const handle = useRouteHandle();
  useScrollResetOnRouteChange(handle?.name);

  return (
    <>
      <AppLayout
        permission={permission}
        menus={menus.data ?? []}
        showSideMenu={!handle?.hideSideMenu}
        agentArea={handle?.agentArea ?? false}
      >
        <Outlet />
      </AppLayout>
      {!handle?.showsTerms && <DisclaimerModal />}
      <AppModals />
      <ContractPopupHost />
      <DialogHost />
    </>
  );
}
