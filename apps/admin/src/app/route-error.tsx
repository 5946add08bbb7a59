import { ChunkLoadError } from '@app/shared/chunk-load';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import styles from '@/components/feedback.module.css';

/**
 * Shown when a page fails to render, most often because its code could not be downloaded (a new
 * release replaced the old files, or the connection dropped): reloading fixes both. A chunk that
 * failed is named with the reason (SPEC section 8).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <div className={styles.state} role="alert" data-testid="route-error">
      <p className={styles.error}>
        {error instanceof ChunkLoadError
          ? t('shell.chunkLoad', {
              chunk: error.chunkId,
              reason: t(`shell.chunkReason.${error.reason}`),
            })
          : t('shell.pageError')}
      </p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </button>
    </div>
  );
}
