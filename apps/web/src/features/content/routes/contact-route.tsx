import { Link } from 'react-router';
import { Button } from '@/components/button';
import { MerchantLink } from '@/components/merchant-link';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { openAppModal } from '@/lib/modals';
import { usePermissionInfo } from '@/lib/permission-info';
import { useContentTranslation } from '../content-texts';
import { ContactCard, merchantResources } from '../components/contact-card';
import styles from '../components/content.module.css';

const SOCIAL_KEYS = ['FACEBOOK', 'WHATSAPP', 'TELEGRAM', 'INSTAGRAM', 'VIBER'] as const;

/** The contact page (SPEC section 2): customer service, social links, feedback and help. */
export default function ContactRoute() {
  const { t } = useContentTranslation();
  const { customerService, resources } = usePermissionInfo();
  const socials = merchantResources(resources, SOCIAL_KEYS);
  /** A card's heading and line: `contact.<card>` and `contact.<card>Text`. */
  const texts = (card: 'customerService' | 'feedback' | 'help') => ({
    title: t(`contact.${card}`),
    text: t(`contact.${card}Text`),
  });
  return (
    <>
      <PageHeader title={t('contact.title')}>{t('contact.intro')}</PageHeader>
      <div className={styles.cards}>
        {customerService.url && (
          <ContactCard id="contact-service" icon="headset" {...texts('customerService')}>
            <MerchantLink
              href={customerService.url}
              className="button button--primary"
              testId="contact-customer-service"
            >
              {t('contact.customerService')}
            </MerchantLink>
          </ContactCard>
        )}
        {socials.length > 0 && (
          <ContactCard id="contact-social" icon="link" title={t('contact.social')}>
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
          </ContactCard>
        )}
        <ContactCard id="contact-feedback" icon="message" {...texts('feedback')}>
          <Button
            variant="primary"
            onClick={() => openAppModal('feedback')}
            testId="contact-feedback"
          >
            {t('contact.feedback')}
          </Button>
        </ContactCard>
        <ContactCard id="contact-help" icon="compass" {...texts('help')}>
          <Link to={paths.help} className="button button--primary">
            {t('contact.help')}
          </Link>
        </ContactCard>
      </div>
    </>
  );
}
