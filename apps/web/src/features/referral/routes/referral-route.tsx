import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@app/client';
import { paths } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { QueryContent } from '@/components/query-content';
import { showAlert } from '@/lib/dialogs';
import { formatTime } from '@/lib/format-time';
import { useSession } from '@/lib/session';
import { LoggedOutState } from '@/components/logged-out-state';
import memberStyles from '@/components/member-centre.module.css';
import { Pager } from '@/components/money-history';
import shared from '@/components/money-page.module.css';
import { referralInfoQueryOptions, referralMembersQueryOptions } from '../api/referral';
import styles from '../referral.module.css';
import { useReferralTranslation } from '../referral-texts';
import { Button } from '@/components/button';

/** The register link that carries the code (SPEC: registration reads referralCode from the query). */
function referralLink(code: string): string {
  return `${window.location.origin}/register?referralCode=${encodeURIComponent(code)}`;
}

/** The page of a member without the referral promotion (SPEC section 6): not enabled, no retry. */
function NotEnabled() {
  const { t } = useReferralTranslation();
  return (
    <div data-testid="referral-not-enabled">
      <EmptyState title={t('notEnabled')} description={t('notEnabledText')} icon="gift">
        <Link to={paths.promotions} className="button button--primary">
          {t('promotions')}
        </Link>
      </EmptyState>
    </div>
  );
}

/**
 * `/member/referral`: the caller's referral code and link to share, and the members who registered
 * with it (masked, paged). Agents, and members while the referral promotion is on; for anyone
 * else the server answers FUNCTION_NOT_ENABLED, shown as the not-enabled state.
 */
export default function ReferralRoute() {
  const { t } = useReferralTranslation();
  const session = useSession();
  const account = session?.account ?? '';
  const [page, setPage] = useState(1);
  const info = useQuery({ ...referralInfoQueryOptions(account), enabled: Boolean(session) });
  const referred = useQuery({
    ...referralMembersQueryOptions(account, page),
    enabled: info.isSuccess,
  });

  if (!session) return <LoggedOutState title={t('title')} />;

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      await showAlert(t('copy_success'));
    } catch {
      // No clipboard (an insecure page, a refused permission): the text stays on screen to copy.
    }
  }

  const notEnabled = info.error instanceof ApiError && info.error.code === 'FUNCTION_NOT_ENABLED';

  return (
    <>
      <h2 className={memberStyles.pageTitle}>{t('title')}</h2>
      {notEnabled ? (
        <NotEnabled />
      ) : (
        <QueryContent query={info}>
          {(mine) => (
            <div className={shared.page}>
              <section className={shared.card} data-testid="referral-share">
                <p className={shared.muted}>{t('intro')}</p>
                <div className={styles.share}>
                  <p className={shared.muted}>{t('code')}</p>
                  <p className={styles.value} data-testid="referral-code">
                    {mine.referralCode}
                  </p>
                  <p className={shared.muted}>{t('link')}</p>
                  <p className={styles.value} data-testid="referral-link">
                    {referralLink(mine.referralCode)}
                  </p>
                </div>
                <div className={styles.actions}>
                  <Button onClick={() => void copy(mine.referralCode)} testId="referral-copy-code">
                    {t('copyCode')}
                  </Button>
                  <Button
                    variant="primary"
                    onClick={() => void copy(referralLink(mine.referralCode))}
                    testId="referral-copy-link"
                  >
                    {t('copyLink')}
                  </Button>
                </div>
                <p className={shared.muted} data-testid="referral-count">
                  {t('referredCount', { count: mine.referredCount })}
                </p>
              </section>
              <section className={shared.card} aria-labelledby="referral-list-title">
                <h3 id="referral-list-title" className={shared.cardTitle}>
                  {t('listTitle')}
                </h3>
                <QueryContent query={referred}>
                  {(list) =>
                    list.content.length === 0 ? (
                      <EmptyState title={t('empty')} description={t('emptyText')} />
                    ) : (
                      <>
                        <ul className={styles.list} data-testid="referral-members">
                          {list.content.map((member) => (
                            <li
                              key={`${member.account}-${member.registeredAt}`}
                              className={styles.row}
                              data-testid="referral-member"
                            >
                              <span aria-label={t('account')}>{member.account}</span>
                              <span className={shared.muted} aria-label={t('registeredAt')}>
                                {formatTime(member.registeredAt)}
                              </span>
                            </li>
                          ))}
                        </ul>
                        {list.totalPages > 1 && (
                          <Pager
                            page={page}
                            pages={list.totalPages}
                            onPage={setPage}
                            previous={t('previous')}
                            next={t('next')}
                            testId="referral-pager"
                          >
                            {t('page', { page, pages: list.totalPages })}
                          </Pager>
                        )}
                      </>
                    )
                  }
                </QueryContent>
              </section>
            </div>
          )}
        </QueryContent>
      )}
    </>
  );
}
