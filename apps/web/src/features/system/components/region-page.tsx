import type { SystemStatus } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';
import styles from './status-page.module.css';

type RegionPageProps = { status: SystemStatus };

export function RegionPage({ status }: RegionPageProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon="lock"
      title={t('region.title')}
      customerServiceUrl={status.customerServiceUrl}
      testId="region-page"
    >
      <p className={styles.text}>{t('region.message')}</p>
      {status.regionRestriction && (
        <>
          <p className={styles.text}>{t('region.ip')}</p>
          <p className={styles.ip} data-testid="region-ip">
            {status.regionRestriction.ip}
          </p>
        </>
      )}
    </StatusPage>
  );
}
