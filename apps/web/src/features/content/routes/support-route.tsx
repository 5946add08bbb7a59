import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Icon } from '@/components/icon';
import { MerchantLink } from '@/components/merchant-link';
import { PageHeader } from '@/components/page-header';
import { memberPagePath, paths } from '@/config/paths';
import { openAppModal } from '@/lib/modals';
import { usePermissionInfo } from '@/lib/permission-info';
import { useSession } from '@/lib/session';
import { useContentTranslation } from '../content-texts';
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
  const chats = CHAT_KEYS.flatMap((key) => {
    const resource = resources[key];
    return resource ? [{ key, ...resource }] : [];
  });
  return (
    <>
      <PageHeader title={t('support.title')}>{t('support.intro')}</PageHeader>
      <div className={styles.cards} data-testid="support-page">
        <section className={styles.card} aria-labelledby="support-write">
          <h2 id="support-write" className={styles.cardTitle}>
            <Icon name="message" />
            {t('support.write')}
          </h2>
          <p className={styles.muted}>{t('support.writeText')}</p>
          <Button variant="primary" onClick={() => openAppModal('feedback')} testId="support-write">
            {t('support.writeButton')}
          </Button>
          {session && !session.isTrial && (
            <Link to={memberPagePath('messageV2')} className="button" data-testid="support-inbox">
              {t('support.inbox')}
            </Link>
          )}
        </section>
        {chats.length > 0 && (
          <section className={styles.card} aria-labelledby="support-chat">
            <h2 id="support-chat" className={styles.cardTitle}>
              <Icon name="headset" />
              {t('support.chat')}
            </h2>
            <p className={styles.muted}>{t('support.chatText')}</p>
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
          </section>
        )}
        <section className={styles.card} aria-labelledby="support-answers">
          <h2 id="support-answers" className={styles.cardTitle}>
            <Icon name="compass" />
            {t('support.answers')}
          </h2>
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
        </section>
      </div>
    </>
  );
}
