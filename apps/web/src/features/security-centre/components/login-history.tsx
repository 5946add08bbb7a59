import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '@/components/query-content';
import { formatTime } from '@/lib/format-time';
import { getLoginHistoryQueryOptions } from '../api/security';
import styles from './security-centre.module.css';
import records from '@/components/records.module.css';
import { SecurityCard } from './security-card';

const KNOWN_REASONS = [
  'password',
  'sms',
  'social',
  'freeplay',
  'register',
  'wrong_password',
] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];

function isKnownReason(reason: string): reason is KnownReason {
  return (KNOWN_REASONS as readonly string[]).includes(reason);
}

/** The last 20 login attempts: when, from where, how, and whether they got in. */
export function LoginHistory({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const history = useQuery(getLoginHistoryQueryOptions(token));
  return (
    <SecurityCard id="login-history-title" title={t('loginHistory.title')}>
      <QueryContent query={history}>
        {(entries) =>
          entries.length === 0 ? (
            <p className={styles.cardText}>{t('loginHistory.empty')}</p>
          ) : (
            <div className={records.tableWrap}>
              <table className={styles.table} data-testid="login-history">
                <thead>
                  <tr>
                    <th scope="col">{t('loginHistory.time')}</th>
                    <th scope="col">{t('loginHistory.result')}</th>
                    <th scope="col">{t('loginHistory.ip')}</th>
                    <th scope="col">{t('loginHistory.device')}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={`${entry.time}-${entry.ip}-${entry.reason}`}>
                      <td>{formatTime(entry.time)}</td>
                      <td className={entry.success ? styles.ok : styles.failed}>
                        {isKnownReason(entry.reason)
                          ? t(`loginHistory.reasons.${entry.reason}`)
                          : entry.reason}
                      </td>
                      <td>{entry.ip}</td>
                      <td title={entry.userAgent}>
                        <span className={styles.device}>{entry.userAgent}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryContent>
    </SecurityCard>
  );
}
