import type { SystemStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';
import styles from './status-page.module.css';

type MaintenancePageProps = { status: SystemStatus };

export function MaintenancePage({ status }: MaintenancePageProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon="wrench"
      title={status.maintenance?.title || t('maintenance.title')}
      customerServiceUrl={status.customerServiceUrl}
      testId="maintenance-page"
    >
      <p className={styles.text} data-testid="maintenance-info">
        {status.maintenance?.info || t('maintenance.message')}
      </p>
    </StatusPage>
  );
}
