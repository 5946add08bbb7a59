import { ChunkLoadError } from '@app/shared/chunk-load';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/button';

/**
 * Shown when a page fails to render, most often because its code could not be downloaded
 * (a new release replaced the old files, or the connection dropped): reloading fixes both. A
 * chunk that failed is named with the reason (SPEC section 8).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const description =
    error instanceof ChunkLoadError
      ? t('errors.chunkLoad', {
          chunk: error.chunkId,
          reason: t(`errors.chunkReason.${error.reason}`),
        })
      : t('errors.pageLoad');
  return (
    <div role="alert">
      <EmptyState icon="alert" title={t('errors.title')} description={description}>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </EmptyState>
    </div>
  );
}
