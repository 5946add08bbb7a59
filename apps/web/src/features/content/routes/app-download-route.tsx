import { MerchantLink } from '@/components/merchant-link';
import { PageHeader } from '@/components/page-header';
import { QrCode } from '@/components/qr-code';
import { usePermissionInfo } from '@/lib/permission-info';
import { isSitePath } from '@/lib/site-link';
import { useContentTranslation } from '../content-texts';
import styles from '../components/content.module.css';

const APP_KEYS = ['IOS_APP', 'ANDROID_APP'] as const;

/**
 * The app download page (SPEC section 2): for iOS and Android the operator's download link as a
 * QR code drawn in the browser, a link for phones and the install steps; a link to a page of this
 * site (the web app's install page, /download) gives its own steps.
 */
export default function AppDownloadRoute() {
  const { t, guide } = useContentTranslation();
  const { resources } = usePermissionInfo();
  return (
    <>
      <PageHeader title={t('appDownload.title')}>{t('appDownload.intro')}</PageHeader>
      <div className={styles.cards}>
        {APP_KEYS.map((key) => {
          const platform = t(`appDownload.platforms.${key}`);
          const url = resources[key]?.url;
          return (
            <section
              key={key}
              className={styles.card}
              aria-labelledby={`download-${key}`}
              data-testid={`download-${key}`}
            >
              <h2 id={`download-${key}`} className={styles.cardTitle}>
                {platform}
              </h2>
              {url ? (
                <>
                  <QrCode
                    value={url}
                    label={t('appDownload.qr', { platform })}
                    className={styles.qr}
                    testId={`download-qr-${key}`}
                  />
                  <MerchantLink
                    href={url}
                    className="button button--primary"
                    testId={`download-link-${key}`}
                  >
                    {isSitePath(url)
                      ? t('appDownload.howTo', { platform })
                      : t('appDownload.open', { platform })}
                  </MerchantLink>
                </>
              ) : (
                <p className={styles.muted}>{t('appDownload.notOffered', { platform })}</p>
              )}
              {/* A page of this site installs the web app and explains how itself. */}
              {!(url && isSitePath(url)) && (
                <ol className={styles.steps}>
                  {guide(`appDownload.guides.${key}`).map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              )}
            </section>
          );
        })}
        <section className={styles.card} aria-labelledby="download-pwa">
          <h2 id="download-pwa" className={styles.cardTitle}>
            {t('appDownload.install')}
          </h2>
          <p className={styles.muted}>{t('appDownload.installText')}</p>
        </section>
      </div>
    </>
  );
}
