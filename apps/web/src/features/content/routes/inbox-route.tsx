import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { formatTime } from '@/lib/format-time';
import { useSession } from '@/lib/session';
import { LoggedOutState } from '@/components/logged-out-state';
import memberStyles from '@/components/member-centre.module.css';
import { TitleList } from '../components/title-list';
import { inboxQueryOptions, markAllMessagesRead, messageQueryOptions } from '../api/content';
import { applyUnreadCount, contentKeys } from '@/lib/content-keys';
import styles from '../components/content.module.css';
import { useContentTranslation } from '../content-texts';
import { Button } from '@/components/button';

function MessageView({ account, id }: { account: string; id: number }) {
  const queryClient = useQueryClient();
  const message = useQuery(messageQueryOptions(account, id));
  const loaded = message.isSuccess;

  // Opening a message reads it on the server: the list's dot and the badge follow.
  useEffect(() => {
    if (!loaded) return;
    void queryClient.invalidateQueries({ queryKey: contentKeys.inbox(account) });
    void queryClient.invalidateQueries({ queryKey: contentKeys.unread(account) });
  }, [loaded, account, queryClient]);

  return (
    <QueryContent query={message}>
      {(detail) => (
        <>
          <h3 className={styles.detailTitle}>{detail.title}</h3>
          <p className={styles.time}>{formatTime(detail.sendTime)}</p>
          {/* The server sanitises message HTML before sending it. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: detail.content }} />
        </>
      )}
    </QueryContent>
  );
}

/**
 * `/member/messageV2`: the member's platform messages (personal and broadcast), newest first;
 * opening one shows it and marks it read. New messages arrive over the websocket: the unread
 * count it pushes reloads this list.
 */
export default function InboxRoute() {
  const { t } = useContentTranslation();
  const session = useSession();
  const account = session?.account ?? '';
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const inbox = useQuery({ ...inboxQueryOptions(account, page), enabled: Boolean(session) });
  const readAll = useMutation({
    mutationFn: markAllMessagesRead,
    onSuccess: ({ unreadMessage }) => applyUnreadCount(queryClient, account, unreadMessage),
  });

  if (!session) return <LoggedOutState title={t('inbox.title')} />;

  return (
    <>
      <h2 className={memberStyles.pageTitle}>{t('inbox.title')}</h2>
      <QueryContent query={inbox}>
        {(data) =>
          data.content.length === 0 ? (
            <EmptyState title={t('inbox.empty')} description={t('inbox.emptyText')} icon="mail" />
          ) : (
            <>
              {data.unreadMessage > 0 && (
                <div className={styles.toolbar}>
                  <Button
                    disabled={readAll.isPending}
                    onClick={() => readAll.mutate()}
                    testId="inbox-read-all"
                  >
                    {t('inbox.readAll')}
                  </Button>
                </div>
              )}
              <div className={styles.split}>
                <TitleList
                  texts="inbox"
                  items={data.content}
                  time={(message) => message.sendTime}
                  selected={selected}
                  onSelect={setSelected}
                  buttonProps={(message) => ({
                    'aria-current': message.id === selected,
                    'data-testid': 'inbox-message',
                    'data-read': message.read,
                  })}
                  mark={(message) =>
                    !message.read && (
                      <span
                        className={styles.unreadDot}
                        role="img"
                        aria-label={t('inbox.unread')}
                      />
                    )
                  }
                  page={page}
                  pages={data.totalPages}
                  onPage={setPage}
                  testIds={{ list: 'inbox-list', pager: 'inbox-pager' }}
                />
                <section className={styles.detail} aria-live="polite" data-testid="inbox-detail">
                  {selected === null ? (
                    <p className={styles.muted}>{t('inbox.select')}</p>
                  ) : (
                    <MessageView account={account} id={selected} />
                  )}
                </section>
              </div>
            </>
          )
        }
      </QueryContent>
    </>
  );
}
