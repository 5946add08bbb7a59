import { useTranslation } from 'react-i18next';
import { ApiError } from '@app/client';
import { Icon } from './icon';
import styles from './empty-state.module.css';
import { Button } from './button';

type ErrorStateProps = { error: unknown; onRetry?: () => void };

/** A failed load, explained in the visitor's language, with a way to try again. */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
  return (
    <div className={styles.empty} role="alert" data-testid="error-state">
      <span className={styles.icon}>
        <Icon name="alert" size={36} />
      </span>
      <p className={styles.title}>{t('errors.title')}</p>
      <p className={styles.description}>{t(`errors.${code}`)}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
