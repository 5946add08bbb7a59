import { Link } from 'react-router';
import { Icon } from '@/components/icon';
import { MerchantLink } from '@/components/merchant-link';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { openAppModal } from '@/lib/modals';
import { usePermissionInfo } from '@/lib/permission-info';
import { useContentTranslation } from '../content-texts';
import styles from '../components/content.module.css';
import { Button } from '@/components/button';

const SOCIAL_KEYS = ['FACEBOOK', 'WHATSAPP', 'TELEGRAM', 'INSTAGRAM', 'VIBER'] as const;

/** The contact page (SPEC section 2): customer service, social links, feedback and help. */
export default function ContactRoute() {
  const { t } = useContentTranslation();
  const { customerService, resources } = usePermissionInfo();
  const socials = SOCIAL_KEYS.flatMap((key) => {
    const resource = resources[key];
    return resource ? [{ key, ...resource }] : [];
  });
  return (
    <>
      <PageHeader title={t('contact.title')}>{t('contact.intro')}</PageHeader>
      <div className={styles.cards}>
        {customerService.url && (
          <section className={styles.card} aria-labelledby="contact-service">
            <h2 id="contact-service" className={styles.cardTitle}>
              <Icon name="headset" />
              {t('contact.customerService')}
            </h2>
            <p className={styles.muted}>{t('contact.customerServiceText')}</p>
            <MerchantLink
              href={customerService.url}
              className="button button--primary"
              testId="contact-customer-service"
            >
              {t('contact.customerService')}
            </MerchantLink>
          </section>
        )}
        {socials.length > 0 && (
          <section className={styles.card} aria-labelledby="contact-social">
            <h2 id="contact-social" className={styles.cardTitle}>
              <Icon name="link" />
              {t('contact.social')}
            </h2>
            <ul className={styles.links}>
              {socials.map((social) => (
                <li key={social.key}>
                  <a
                    href={social.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid={`contact-social-${social.key}`}
                  >
                    {social.labelNameEn}
                    <span className="visually-hidden">{t('banner.opensInNewTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className={styles.card} aria-labelledby="contact-feedback">
          <h2 id="contact-feedback" className={styles.cardTitle}>
            <Icon name="message" />
            {t('contact.feedback')}
          </h2>
          <p className={styles.muted}>{t('contact.feedbackText')}</p>
          <Button
            variant="primary"
            onClick={() => openAppModal('feedback')}
            testId="contact-feedback"
          >
            {t('contact.feedback')}
          </Button>
        </section>
        <section className={styles.card} aria-labelledby="contact-help">
          <h2 id="contact-help" className={styles.cardTitle}>
            <Icon name="compass" />
            {t('contact.help')}
          </h2>
          <p className={styles.muted}>{t('contact.helpText')}</p>
          <Link to={paths.help} className="button button--primary">
            {t('contact.help')}
          </Link>
        </section>
      </div>
    </>
  );
}
