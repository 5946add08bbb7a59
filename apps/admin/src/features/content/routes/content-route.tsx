import type { ContentKind } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/tabs';
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
  const [tab, setTab] = useState<Tab>('banners');
  const kind = KIND_OF[tab];
  return (
    <section className="page" data-testid="content-page">
      <header className="page__header">
        <h1>{t('nav.content')}</h1>
      </header>
      <Tabs
        tabs={TABS}
        value={tab}
        label={(x) => t(`content.tabs.${x}`)}
        onChange={setTab}
        testId="content-tab"
      />
      {tab === 'banners' && <BannersTab />}
      {kind && <AnnouncementsTab key={kind} kind={kind} />}
      {tab === 'help' && <HelpTab />}
      {tab === 'messages' && <MessagesTab />}
      {tab === 'hotMatches' && <HotMatchesTab />}
    </section>
  );
}

export default ContentRoute;
