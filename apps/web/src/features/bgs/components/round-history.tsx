import '../bgs-texts';
import type { BgsRound } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryContent } from '@/components/query-content';
import { cx } from '@/lib/class-names';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { formatTime } from '@/lib/format-time';
import { displayAmount } from '@/lib/amount';
import { getRoundsQueryOptions, ROUNDS_PAGE_SIZE, verifyOnServer } from '../api/bgs';
import { useBgsTranslation, type BgsT } from '../bgs-texts';
import { checkRound, type RoundCheck } from '../verify-round';
import styles from './bgs.module.css';
import { Button } from '@/components/button';

/** The member's rounds, newest first; a round whose seed is revealed can be checked here. */
export function RoundHistory() {
  const { t } = useBgsTranslation();
  const [page, setPage] = useState(1);
  const rounds = useQuery(getRoundsQueryOptions(page));
  return (
    <section className={styles.card} data-testid="bgs-history">
      <h2 className={styles.cardTitle}>{t('history.title')}</h2>
      <QueryContent query={rounds}>
        {(data) =>
          data.items.length === 0 ? (
            <p className={styles.muted}>{t('history.empty')}</p>
          ) : (
            <>
              <ul className={styles.rounds}>
                {data.items.map((round) => (
                  <RoundItem key={round.roundId} round={round} />
                ))}
              </ul>
              <div className={styles.pager}>
                <Button disabled={page === 1} onClick={() => setPage(page - 1)}>
                  {t('history.previous')}
                </Button>
                <Button
                  disabled={page * ROUNDS_PAGE_SIZE >= data.total}
                  onClick={() => setPage(page + 1)}
                >
                  {t('history.next')}
                </Button>
              </div>
            </>
          )
        }
      </QueryContent>
    </section>
  );
}

function checkText(t: BgsT, check: RoundCheck): string {
  const problems = [
    !check.hashMatches && t('history.hashMismatch'),
    !check.stopsMatch && t('history.stopsMismatch'),
    !check.winMatches && t('history.winMismatch'),
  ].filter(Boolean);
  return problems.length === 0
    ? t('history.verified')
    : t('history.failed', { problems: problems.join(', ') });
}

function RoundItem({ round }: { round: BgsRound }) {
  const { t } = useBgsTranslation();
  const { t: tMain } = useTranslation();
  const [check, setCheck] = useState<RoundCheck | 'checking' | null>(null);
  const serverSeed = round.serverSeed;

  async function verify(seed: string) {
    setCheck('checking');
    const proof = { ...round, serverSeed: seed };
    try {
      // In the browser when it can (no trust in the server needed), else by the server.
      setCheck(await (globalThis.crypto?.subtle ? checkRound(proof) : verifyOnServer(proof)));
    } catch (error) {
      setCheck(null);
      void showAlert(errorText(tMain, error));
    }
  }

  const passed =
    check !== null &&
    check !== 'checking' &&
    check.hashMatches &&
    check.stopsMatch &&
    check.winMatches;
  return (
    <li className={styles.round} data-testid="bgs-round">
      <div className={styles.roundLine}>
        <span className={styles.muted}>{formatTime(round.time)}</span>
        <span>
          {displayAmount(round.bet)} → <strong>{displayAmount(round.win)}</strong>
        </span>
      </div>
      <div className={styles.roundLine}>
        <span className={styles.muted}>
          {t('history.nonce')} {round.nonce} · {round.clientSeed}
        </span>
        {serverSeed ? (
          <Button
            disabled={check === 'checking'}
            onClick={() => void verify(serverSeed)}
            testId="bgs-verify"
          >
            {check === 'checking' ? t('history.verifying') : t('history.verify')}
          </Button>
        ) : (
          <span className={styles.muted}>{t('history.hidden')}</span>
        )}
      </div>
      {check !== null && check !== 'checking' && (
        <p
          className={cx(styles.muted, passed ? styles.ok : styles.bad)}
          data-testid="bgs-verify-result"
        >
          {checkText(t, check)}
        </p>
      )}
    </li>
  );
}
