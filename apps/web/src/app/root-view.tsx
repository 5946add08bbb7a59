import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { ErrorState } from '@/components/error-state';
import { Loader } from '@/components/loader';
import { getGameMenusQueryOptions } from '@/lib/game-menus';
import { usePermissionInfoQuery } from '@/lib/permission-info';
import { useSystemStatus } from '@/features/system/api/get-system-status';
import { MaintenancePage } from '@/features/system/components/maintenance-page';
import { RegionPage } from '@/features/system/components/region-page';
import { preferredLanguage, showLanguage } from '@/lib/i18n';
import { useLanguage } from '@app/client';
import styles from './root-view.module.css';
import { createAppRouter } from './router';

function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

function StartupError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main className={styles.startup}>
      <ErrorState error={error} onRetry={onRetry} />
    </main>
  );
}

/** The page's meta description (search results and link previews), in the current language. */
function describePage(text: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = text;
}

/**
 * What the visitor sees first, decided by the system status: the site (0), the maintenance page
 * (1, which the server lets win over everything) or the region-restricted page (2).
 */
export function RootView() {
  const status = useSystemStatus();
  const permission = usePermissionInfoQuery();
  const language = useLanguage();
  const wanted = permission.data ? preferredLanguage(permission.data.defaultLanguage) : language;

  const merchantName = permission.data?.merchantName;
  // The site's first render (router, layout, page) is the page's biggest piece of work: it runs
  // in a transition React splits into short slices, with the loader shown until it is in.
  const siteReady = status.data?.status === 0 && !!permission.data && wanted === language;
  const showSite = useDeferredValue(siteReady, false);

  // The layout's menus load alongside the status and configuration (index.html asked for all
  // three), so the first paint of the site usually has them instead of drawing the layout twice.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(getGameMenusQueryOptions(language));
  }, [queryClient, language]);

  useEffect(() => {
    if (wanted !== language) showLanguage(wanted);
  }, [wanted, language]);

  const { t } = useTranslation();
  const description = merchantName ? t('common.siteDescription', { name: merchantName }) : null;
  useEffect(() => {
    if (merchantName) document.title = merchantName;
  }, [merchantName]);
  useEffect(() => {
    if (description) describePage(description);
  }, [description]);

  if (!status.data) {
    return status.isError ? (
      <StartupError error={status.error} onRetry={() => void status.refetch()} />
    ) : (
      <Loader fullScreen />
    );
  }

  switch (status.data.status) {
    case 1:
      return <MaintenancePage status={status.data} />;
    case 2:
      return <RegionPage status={status.data} />;
    case 0:
      if (!permission.data) {
        return permission.isError ? (
          <StartupError error={permission.error} onRetry={() => void permission.refetch()} />
        ) : (
          <Loader fullScreen />
        );
      }
      // Rendering waits for the configured language so the site never flashes in another one.
      return siteReady && showSite ? <AppRouter /> : <Loader fullScreen />;
  }
}
