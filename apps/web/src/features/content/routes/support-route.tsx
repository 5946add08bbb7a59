import { Link } from 'react-router';
import { Button } from '@/components/button';
import { MerchantLink } from '@/components/merchant-link';
import { PageHeader } from '@/components/page-header';
import { memberPagePath, paths } from '@/config/paths';
import { openAppModal } from '@/lib/modals';
import { usePermissionInfo } from '@/lib/permission-info';
import { useSession } from '@/lib/session';
import { useContentTranslation } from '../content-texts';
import { ContactCard, merchantResources } from '../components/contact-card';
import styles from '../components/content.module.css';

const CHAT_KEYS = ['WHATSAPP', 'VIBER', 'TELEGRAM', 'FACEBOOK'] as const;
const QUESTIONS = ['deposit', 'withdraw', 'password', 'locked'] as const;

/**
 * `/support`: the site's own customer service page (the demo's customer-service link): writing
 * to the team (the feedback form, answered in the member's messages), the merchant's chat apps
 * and answers to the questions players ask most.
 */
export default function SupportRoute() {
  const { t } = useContentTranslation();
  const session = useSession();
  const { resources } = usePermissionInfo();
  const chats = merchantResources(resources, CHAT_KEYS);
  return (
    <>
      <PageHeader title={t('support.title')}>{t('support.intro')}</PageHeader>
      <div className={styles.cards} data-testid="support-page">
        <ContactCard
          id="support-write"
          icon="message"
          title={t('support.write')}
          text={t('support.writeText')}
        >
          <Button variant="primary" onClick={() => openAppModal('feedback')} testId="support-write">
            {t('support.writeButton')}
          </Button>
          {session && !session.isTrial && (
            <Link to={memberPagePath('messageV2')} className="button" data-testid="support-inbox">
              {t('support.inbox')}
            </Link>
          )}
        </ContactCard>
        {chats.length > 0 && (
          <ContactCard
            id="support-chat"
            icon="headset"
            title={t('support.chat')}
            text={t('support.chatText')}
          >
            <ul className={styles.links}>
              {chats.map((chat) => (
                <li key={chat.key}>
                  <MerchantLink
                    href={chat.url}
                    className="button"
                    testId={`support-chat-${chat.key}`}
                  >
                    {chat.labelNameEn}
                  </MerchantLink>
                </li>
              ))}
            </ul>
          </ContactCard>
        )}
        <ContactCard id="support-answers" icon="compass" title={t('support.answers')}>
          <div className={styles.questions} data-testid="support-questions">
            {QUESTIONS.map((question) => (
              <details key={question} className={styles.question}>
                <summary>{t(`support.questions.${question}.q`)}</summary>
                <p className={styles.muted}>{t(`support.questions.${question}.a`)}</p>
              </details>
            ))}
          </div>
          <Link to={paths.help} className="button button--primary">
            {t('support.help')}
          </Link>
        </ContactCard>
      </div>
    </>
  );
}
