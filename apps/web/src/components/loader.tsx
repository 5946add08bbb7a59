import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';
import styles from './loader.module.css';

type LoaderProps = { fullScreen?: boolean };

/** Shown while a page, its code or the start-up configuration is on its way. */
export function Loader({ fullScreen = false }: LoaderProps) {
  const { t } = useTranslation();
  return (
    <div
      className={cx(styles.loader, fullScreen && styles.fullScreen)}
      role="status"
      data-testid="loader"
    >
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
