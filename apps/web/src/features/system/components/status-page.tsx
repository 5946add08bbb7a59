import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icon';
import { isSitePath } from '@/lib/site-link';
import styles from './status-page.module.css';

type StatusPageProps = {
  icon: IconName;
  title: string;
  customerServiceUrl: string;
  testId: string;
  children: ReactNode;
};

/** The whole-screen page shown instead of the site when it cannot be used. */
export function StatusPage({ icon, title, customerServiceUrl, testId, children }: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <main className={styles.page} data-testid={testId}>
      <div className={styles.card}>
        <span className={styles.icon}>
          <Icon name={icon} size={40} />
        </span>
        <h1 className={styles.title}>{title}</h1>
        {children}
        {/* A page of the site itself would show this page again: only an address elsewhere. */}
        {customerServiceUrl && !isSitePath(customerServiceUrl) && (
          <a
            className="button button--primary"
            href={customerServiceUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="customer-service"
          >
            <Icon name="headset" />
            {t('common.customerService')}
            <span className="visually-hidden">{t('common.opensInNewTab')}</span>
          </a>
        )}
      </div>
    </main>
  );
}
