import '@/lib/page-texts';
import type { GameMenus, Resource } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';
import { VendorLogo } from '@/components/vendor-logo';
import { cx } from '@/lib/class-names';
import styles from './footer.module.css';

type FooterProps = {
  merchantName: string;
  menus: GameMenus;
  resources: Record<string, Resource>;
  /** The agent centre's footer: no game partners or payment methods, which push its work away. */
  compact?: boolean;
};

const PAYMENT_METHODS = ['ewallet', 'onlineBanking', 'bankTransfer', 'overTheCounter'] as const;

// A provider can serve several categories; the partner list shows it once.
function partnersOf(menus: GameMenus): { name: string; logoUrl: string | null }[] {
  const partners = new Map<string, { name: string; logoUrl: string | null }>();
  for (const { vendors } of menus) {
    for (const vendor of vendors) {
      if (!partners.has(vendor.vassalage)) {
        partners.set(vendor.vassalage, { name: vendor.displayName, logoUrl: vendor.logoUrl });
      }
    }
  }
  return [...partners.values()];
}

export default function Footer({ merchantName, menus, resources, compact = false }: FooterProps) {
  const { t } = useTranslation();
  const partners = compact ? [] : partnersOf(menus);
  const regulator = resources.REGULATOR;
  return (
    <footer
      className={cx(styles.footer, compact && styles.compact)}
      data-testid="footer"
      data-compact={compact}
    >
      <div className={styles.inner}>
        {partners.length > 0 && (
          <section aria-labelledby="footer-partners">
            <h2 id="footer-partners" className={styles.heading}>
              {t('footer.partners')}
            </h2>
            <ul className={styles.chips} data-testid="footer-partners">
              {partners.map(({ name, logoUrl }) => (
                <li key={name} className={cx(styles.partner, logoUrl && styles.partnerLogo)}>
                  <VendorLogo name={name} logoUrl={logoUrl} size="chip" />
                </li>
              ))}
            </ul>
          </section>
        )}

        {!compact && (
          <section aria-labelledby="footer-payments">
            <h2 id="footer-payments" className={styles.heading}>
              {t('footer.paymentMethods')}
            </h2>
            <ul className={styles.chips}>
              {PAYMENT_METHODS.map((method) => (
                <li key={method} className={styles.payment}>
                  {t(`footer.payments.${method}`)}
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="footer-responsible">
          <h2 id="footer-responsible" className={styles.heading}>
            {t('footer.responsibleGaming')}
          </h2>
          <ul className={styles.badges}>
            <li className={styles.badge} title={t('footer.adultsOnly')}>
              <span className={styles.ageBadge} aria-hidden="true">
                {t('common.adultsBadge')}
              </span>
              <span className="visually-hidden">{t('footer.adultsOnly')}</span>
            </li>
            <li className={styles.badge}>
              <Icon name="shield" size={22} />
              {t('footer.playResponsibly')}
            </li>
            <li className={styles.badge}>
              <Icon name="clock" size={22} />
              {t('footer.knowYourLimits')}
            </li>
          </ul>
        </section>

        {regulator && (
          <section aria-labelledby="footer-regulator">
            <h2 id="footer-regulator" className={styles.heading}>
              {t('footer.regulator')}
            </h2>
            <a
              href={regulator.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="footer-regulator"
            >
              {regulator.labelNameEn}
              <span className="visually-hidden">{t('common.opensInNewTab')}</span>
            </a>
          </section>
        )}

        <p className={styles.licence}>{t('footer.licence', { name: merchantName })}</p>
        <p className={styles.copyright}>
          {t('footer.copyright', { year: new Date().getFullYear(), name: merchantName })}
        </p>
      </div>
    </footer>
  );
}
