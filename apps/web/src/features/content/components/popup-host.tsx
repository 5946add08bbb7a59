import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { PopupModal } from '@/components/popup-modal';
import { paths } from '@/config/paths';
import { useLanguage } from '@app/client';
import { useAppModal } from '@/lib/modals';
import { useSession } from '@/lib/session';
import { sessionStore } from '@/lib/storage';
import { announcementsQueryOptions, popupsQueryOptions } from '../api/content';
import { useContentTranslation } from '../content-texts';
import { popupsToShow, popupViewer, type PopupViewer } from '../popup-rules';
import { ContentBody } from './announcements-modal';

const OTHER_MODALS = '[aria-modal="true"]:not([data-testid="content-popup"])';

/** Whether another modal (login, KYC, disclaimer, an alert...) is open: popups wait for it. */
function useOtherModalOpen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.body, { childList: true });
      return () => observer.disconnect();
    },
    () => document.querySelector(OTHER_MODALS) !== null,
  );
}

function closedViewers(): Set<PopupViewer> {
  const stored = sessionStore.get('popupClosed');
  return new Set(
    (stored?.split(',') ?? []).filter((v): v is PopupViewer => v === 'visitor' || v === 'member'),
  );
}

function closeFor(viewer: PopupViewer): void {
  sessionStore.set('popupClosed', [...closedViewers(), viewer].join(','));
}

/**
 * The operator's popups (SPEC section 4): once the announcements have loaded, the popups for this
 * viewer (B visitor, A member, F first login) open one after the other. Closing the last one
 * keeps them closed for this kind of viewer for the rest of the browser session. They wait while
 * any other modal is open (disclaimer, login, register, KYC...), so they never cover a form.
 */
export default function PopupHost() {
  const { t } = useContentTranslation();
  const session = useSession();
  const loggedIn = session !== null && !session.passwordChangeRequired;
  const account = loggedIn ? session.account : '';
  const firstLogin = loggedIn && sessionStore.get('firstTimeLogin') === 'true';
  const language = useLanguage();
  const audience = { loggedIn, firstLogin };
  const viewer = popupViewer(audience);
  const announcements = useQuery(announcementsQueryOptions(account, language, 1));
  const popups = useQuery({
    ...popupsQueryOptions(account, language, firstLogin),
    enabled: announcements.isFetched,
  });
  // Which popup of the list is open, per viewer (a login mid-way starts the member's list).
  const [position, setPosition] = useState<Record<PopupViewer, number>>({ visitor: 0, member: 0 });
  const [closed, setClosed] = useState(closedViewers);
  const { pathname } = useLocation();
  const modalOpen = useOtherModalOpen();
  const appModal = useAppModal();
  const otherModal =
    modalOpen || appModal !== null || pathname === paths.login || pathname === paths.register;

  const shown = popupsToShow(popups.data ?? [], audience, closed);
  const popup = shown[position[viewer]];
  if (!popup || otherModal) return null;

  function close() {
    const next = position[viewer] + 1;
    setPosition({ ...position, [viewer]: next });
    if (next >= shown.length) {
      closeFor(viewer);
      setClosed(closedViewers());
    }
  }

  return (
    <PopupModal
      key={popup.id}
      title={popup.title || t('popup.title')}
      onClose={close}
      testId="content-popup"
    >
      <ContentBody item={popup} />
    </PopupModal>
  );
}
