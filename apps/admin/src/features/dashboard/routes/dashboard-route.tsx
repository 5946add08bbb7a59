import { zoneLabel, type DashboardFigures, type DashboardQueueId } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryContent } from '@/components/query-content';
import { displayAmount } from '@/lib/format';
import { useMerchantZone } from '@/lib/merchant-zone';
import { getDashboardQueryOptions } from '../api/dashboard';
import styles from './dashboard-route.module.css';
import { ListPage } from '@/components/list-page';

/** Where each queue is worked. */
const QUEUE_PATH: Record<DashboardQueueId, string> = {
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  kyc: '/kyc',
  risk: '/risk',
  agentTerminations: '/agent-contracts',
  settlementFailures: '/agent-settlements',
};

type FigureKey = 'deposits' | 'withdrawals' | 'ggr' | 'bonus' | 'ngr' | 'commission';

/** Each card: its text from the figures (a count with its amount, or an amount, or a count). */
const CARDS: { key: keyof typeof CARD_TEXT; testId: string }[] = [
  { key: 'deposits', testId: 'deposits' },
  { key: 'withdrawals', testId: 'withdrawals' },
  { key: 'ggr', testId: 'ggr' },
  { key: 'bonus', testId: 'bonus' },
  { key: 'ngr', testId: 'ngr' },
  { key: 'commission', testId: 'commission' },
  { key: 'newMembers', testId: 'newMembers' },
  { key: 'activeMembers', testId: 'activeMembers' },
];

const CARD_TEXT: Record<
  FigureKey | 'newMembers' | 'activeMembers',
  (f: DashboardFigures, t: TFunction) => string
> = {
  deposits: (f, t) =>
    t('dashboard.count', { count: f.deposits, amount: displayAmount(f.depositAmount) }),
  withdrawals: (f, t) =>
    t('dashboard.count', { count: f.withdrawals, amount: displayAmount(f.withdrawalAmount) }),
  ggr: (f) => displayAmount(f.ggr),
  bonus: (f) => displayAmount(f.bonus),
  ngr: (f) => displayAmount(f.ngr),
  commission: (f) => displayAmount(f.commission),
  newMembers: (f) => f.newMembers.toLocaleString('en-US'),
  activeMembers: (f) => f.activeMembers.toLocaleString('en-US'),
};

/** An age in seconds as minutes, hours and minutes, or days and hours. */
function age(t: TFunction, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('dashboard.age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('dashboard.age.hours', { hours, minutes: minutes % 60 });
  return t('dashboard.age.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}

/** Where an operator lands: today's figures against yesterday's and the queues waiting on it. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const zone = useMerchantZone();
  const query = useQuery(getDashboardQueryOptions());
  return (
    <ListPage title="dashboard" testId="dashboard-page">
      <QueryContent query={query}>
        {(dashboard) => (
          <>
            <h2>{t('dashboard.queuesTitle')}</h2>
            {dashboard.queues.length === 0 ? (
              <p className="muted">{t('dashboard.noQueues')}</p>
            ) : (
              <ul className={styles.grid} data-testid="dashboard-queues">
                {dashboard.queues.map((queue) => (
                  <li key={queue.id}>
                    <Link
                      to={QUEUE_PATH[queue.id]}
                      className={`${styles.card} ${styles.queue}`}
                      data-testid={`dashboard-queue-${queue.id}`}
                    >
                      <span className={styles.label}>{t(`dashboard.queues.${queue.id}`)}</span>
                      <span
                        className={styles.value}
                        data-testid={`dashboard-queue-${queue.id}-count`}
                      >
                        {queue.count.toLocaleString('en-US')}
                      </span>
                      <span className={styles.compare}>
                        {queue.oldestAgeSeconds === null
                          ? t('dashboard.empty')
                          : t('dashboard.oldest', { age: age(t, queue.oldestAgeSeconds) })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <h2>{t('dashboard.today', { date: dashboard.today })}</h2>
            <p className="muted">{t('dashboard.timezone', { zone: zoneLabel(zone) })}</p>
            {dashboard.figures === null ? (
              <p className="muted" data-testid="dashboard-no-figures">
                {t('dashboard.noFigures')}
              </p>
            ) : (
              <ul className={styles.grid} data-testid="dashboard-figures">
                {CARDS.map(({ key, testId }) => (
                  <li key={key} className={styles.card}>
                    <span className={styles.label}>{t(`dashboard.figures.${key}`)}</span>
                    <span className={styles.value} data-testid={`dashboard-${testId}`}>
                      {CARD_TEXT[key](dashboard.figures!.today, t)}
                    </span>
                    <span className={styles.compare} data-testid={`dashboard-${testId}-yesterday`}>
                      {t('dashboard.yesterday', {
                        value: CARD_TEXT[key](dashboard.figures!.yesterday, t),
                      })}
                    </span>
                    {key === 'activeMembers' && dashboard.activeRule && (
                      <span className={styles.note} data-testid="dashboard-active-rule">
                        {dashboard.activeRule.minDeposit === null
                          ? t('reports.activeRule', {
                              minValidBet: displayAmount(dashboard.activeRule.minValidBet),
                            })
                          : t('reports.activeRuleDeposit', {
                              minValidBet: displayAmount(dashboard.activeRule.minValidBet),
                              minDeposit: displayAmount(dashboard.activeRule.minDeposit),
                            })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryContent>
    </ListPage>
  );
}

export default DashboardRoute;
