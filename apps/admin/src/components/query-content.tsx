import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import styles from './feedback.module.css';

/** Shown while a page's code or data is on its way. */
export function Loader() {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="status" data-testid="loader">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** A failed load in the operator's language, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="alert" data-testid="error-state">
      <p className={styles.error}>{errorText(t, error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

type QueryContentProps<T> = { query: UseQueryResult<T>; children: (data: T) => ReactNode };

/** Renders a query's data, or the loader while it first loads, or the error with a retry. */
export function QueryContent<T>({ query, children }: QueryContentProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <Loader />;
}
