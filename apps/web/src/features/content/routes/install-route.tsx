import { PageHeader } from '@/components/page-header';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { useInstallPrompt } from '@/lib/install-prompt';
import { usePermissionInfo } from '@/lib/permission-info';
import { useContentTranslation } from '../content-texts';
import styles from '../components/content.module.css';

const PLATFORMS = ['ios', 'android'] as const;

/**
 * `/download`: installing the site as an app on iOS and Android (the manifest and service worker
 * make it installable), for a merchant without a store app: the demo's app links point here
 * (`/download#ios`, `/download#android`). A QR code brings a computer's visitor to it on the phone.
 */
export default function InstallRoute() {
  const { t, guide } = useContentTranslation();
  const { merchantName } = usePermissionInfo();
  const install = useInstallPrompt();
  return (
    <>
      <PageHeader title={t('install.title')}>
        {t('install.intro', { name: merchantName })}
      </PageHeader>
      <div className={styles.cards} data-testid="install-page">
        {PLATFORMS.map((platform) => (
          <section
            key={platform}
            id={platform}
            className={styles.card}
            aria-labelledby={`install-${platform}`}
            data-testid={`install-${platform}`}
          >
            <h2 id={`install-${platform}`} className={styles.cardTitle}>
              {t(`install.platforms.${platform}`)}
            </h2>
            <p className={styles.muted}>{t(`install.browsers.${platform}`)}</p>
            <ol className={styles.steps}>
              {guide(`install.guides.${platform}`).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {platform === 'android' && install && (
              <Button variant="primary" onClick={install} testId="install-now">
                {t('install.now')}
              </Button>
            )}
          </section>
        ))}
        <section className={styles.card} aria-labelledby="install-qr" data-testid="install-scan">
          <h2 id="install-qr" className={styles.cardTitle}>
            {t('install.scan')}
          </h2>
          <p className={styles.muted}>{t('install.scanText')}</p>
          <QrCode
            value={paths.download}
            label={t('install.qr')}
            className={styles.qr}
            testId="install-qr-code"
          />
        </section>
      </div>
    </>
  );
}
