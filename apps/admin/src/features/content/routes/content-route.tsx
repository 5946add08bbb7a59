import type { ContentKind } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { TabbedPage } from '@/components/list-page';
import { AnnouncementsTab } from '../components/announcements-tab';
import { BannersTab } from '../components/banners-tab';
import { HelpTab } from '../components/help-tab';
import { HotMatchesTab } from '../components/hot-matches-tab';
import { MessagesTab } from '../components/messages-tab';

const TABS = [
  'banners',
  'announcements',
  'notices',
  'popups',
  'help',
  'messages',
  'hotMatches',
] as const;
type Tab = (typeof TABS)[number];
const KIND_OF: Partial<Record<Tab, ContentKind>> = {
  announcements: 'ANNOUNCEMENT',
  notices: 'NOTICE',
  popups: 'POPUP',
};

/**
 * Content: banners, announcements, notices, popups, help centre, inbox messages and the home
 * page's hot matches (EN and TL).
 */
export function ContentRoute() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      title="content"
      name="content"
      tabs={TABS}
      initial="banners"
      label={(x) => t(`content.tabs.${x}`)}
    >
      {(tab) => {
        const kind = KIND_OF[tab];
        return (
          <>
            {tab === 'banners' && <BannersTab />}
            {kind && <AnnouncementsTab key={kind} kind={kind} />}
            {tab === 'help' && <HelpTab />}
            {tab === 'messages' && <MessagesTab />}
            {tab === 'hotMatches' && <HotMatchesTab />}
          </>
        );
      }}
    </TabbedPage>
  );
}

export default ContentRoute;
