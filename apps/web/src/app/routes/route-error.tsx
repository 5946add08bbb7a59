import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';

/**
 * Shown when a page fails to render, most often because its code could not be downloaded
 * (a new release replaced the old files, or the connection dropped): reloading fixes both.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <EmptyState icon="alert" title={t('errors.title')} description={t('errors.pageLoad')}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {t('errors.reload')}
        </button>
      </EmptyState>
    </div>
  );
}
