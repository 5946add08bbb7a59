import type { AnnouncementDetail, AnnouncementImage } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PopupModal } from '@/components/popup-modal';
import { QueryContent } from '@/components/query-content';
import { formatTime } from '@/lib/format-time';
import { useLanguage } from '@app/client';
import { useSession } from '@/lib/session';
import { announcementsQueryOptions } from '../api/content';
import { useContentTranslation } from '../content-texts';
import styles from './content.module.css';
import { TitleList } from './title-list';

/** Images in their operator-given order (SPEC section 3, announcement image). */
export function bySequence(images: readonly AnnouncementImage[]): AnnouncementImage[] {
  return images.toSorted((a, b) => a.sequence - b.sequence);
}

/** Title, time, HTML and images of an announcement or popup. */
export function ContentBody({
  item,
}: {
  item: Pick<AnnouncementDetail, 'content' | 'images'> & { time?: string };
}) {
  return (
    <>
      {item.time && <p className={styles.time}>{formatTime(item.time)}</p>}
      {/* The server sanitises operator-written HTML before sending it (no script, no handlers). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: item.content }} />
      {item.images.length > 0 && (
        <div className={styles.images}>
          {bySequence(item.images).map((image) => (
            <img key={`${image.sequence}-${image.url}`} src={image.url} alt="" loading="lazy" />
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The public announcements (SPEC section 2): titles in pages of 9 on the left, the selected one on
 * the right; a click on a title selects it, a click on the selected title collapses it. The
 * modal shows it, and so does the agent centre's agentAnnouncement page.
 */
export function AnnouncementList() {
  const { t } = useContentTranslation();
  const account = useSession()?.account ?? '';
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const query = useQuery(announcementsQueryOptions(account, language, page));

  return (
    <QueryContent query={query}>
      {(data) => {
        if (data.content.length === 0)
          return <p className={styles.muted}>{t('announcements.empty')}</p>;
        const current = data.content.find((item) => item.id === selected);
        return (
          <div className={styles.split}>
            <TitleList
              texts="announcements"
              items={data.content}
              time={(item) => item.publishTime}
              selected={selected}
              onSelect={setSelected}
              buttonProps={(item) => ({
                'aria-expanded': item.id === selected,
                'aria-controls': 'announcement-detail',
                'data-testid': 'announcement-title',
              })}
              page={page}
              pages={data.totalPages}
              onPage={(next) => {
                setPage(next);
                setSelected(null);
              }}
              testIds={{ pager: 'announcements-pager' }}
            />
            <section
              id="announcement-detail"
              className={styles.detail}
              aria-live="polite"
              data-testid="announcement-detail"
            >
              {current ? (
                <>
                  <h3 className={styles.detailTitle}>{current.title}</h3>
                  <ContentBody item={{ ...current, time: current.publishTime }} />
                </>
              ) : (
                <p className={styles.muted}>{t('announcements.select')}</p>
              )}
            </section>
          </div>
        );
      }}
    </QueryContent>
  );
}

/** The public announcements in a modal. */
export default function AnnouncementsModal({ onClose }: { onClose: () => void }) {
  const { t } = useContentTranslation();
  return (
    <PopupModal
      title={t('announcements.title')}
      onClose={onClose}
      size="large"
      testId="announcements-modal"
    >
      <AnnouncementList />
    </PopupModal>
  );
}
