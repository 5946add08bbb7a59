import '@/lib/agent-texts';
import { useTranslation } from 'react-i18next';
import { AnnouncementList } from '../components/announcements-modal';
import shared from '@/components/money-page.module.css';

/** `/agentHome/agentAnnouncement`: the platform announcements, as the announcements modal lists them. */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  return (
    <div className={shared.page} data-testid="agent-announcements">
      <h2 className={shared.title}>{t('agent.pages.agentAnnouncement')}</h2>
      <section className={shared.cardCompact}>
        <AnnouncementList />
      </section>
    </div>
  );
}
