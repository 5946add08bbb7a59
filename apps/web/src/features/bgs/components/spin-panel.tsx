import '../bgs-texts';
import type { BgsGame, BgsRound } from '@app/shared';
import { formatAmount, parseAmount } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/fields';
import { showAlert } from '@/lib/dialogs';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { useGameLaunch } from '@/lib/use-game-launch';
import { displayAmount } from '@/lib/amount';
import { getBalanceQueryOptions } from '@/lib/wallet-balance';
import { spin } from '../api/bgs';
import { symbolName, useBgsTranslation } from '../bgs-texts';
import { winningCells } from '../winning-cells';
import { Reels } from './reels';
import styles from './bgs.module.css';
import { Button } from '@/components/button';

/** The total bet shown first: 2.00 when offered, else the lowest. */
const DEFAULT_BET = '2.00';

/** Where the reels stand before the first spin: the top of every strip. */
const INITIAL_STOPS = [0, 0, 0, 0, 0];

/**
 * The win as shown: counted up from 0.00 to `win` over a second once the reels stop (at once
 * with reduced motion); null while there is nothing won to show.
 */
function useCountUp(win: string): string | null {
  const target = parseAmount(win) ?? 0n;
  const [shown, setShown] = useState<bigint | null>(null);
  useEffect(() => {
    if (target <= 0n) {
      setShown(null);
      return;
    }
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setShown(target);
      return;
    }
    const durationMs = 1000;
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = Math.min(1, (now - start) / durationMs);
      // Eased out: fast at first, slowing to the exact amount.
      const eased = 1 - (1 - progress) ** 3;
      setShown((target * BigInt(Math.round(eased * 1000))) / 1000n);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown === null ? null : formatAmount(shown);
}

/**
 * Reels, bet selector and spin button. A visitor is sent to log in and a trial account told it
 * needs a real account before anything is sent (useGameLaunch); each press is one request with
 * its own clientRequestId, so a retried request never plays twice.
 */
export function SpinPanel({ game }: { game: BgsGame }) {
  const { t } = useBgsTranslation();
  const { t: tMain } = useTranslation();
  const mayPlay = useGameLaunch();
  const session = useSession();
  const balance = useQuery({
    ...getBalanceQueryOptions(),
    enabled: Boolean(session && !session.isTrial),
  });
  const [bet, setBet] = useState(game.bets.includes(DEFAULT_BET) ? DEFAULT_BET : game.bets[0]!);
  const [round, setRound] = useState<BgsRound | null>(null);
  // The answer is awaited; the reels of the answered round turn until they report it stopped.
  const [waiting, setWaiting] = useState(false);
  const [stoppedId, setStoppedId] = useState<string | null>(null);
  const settled = !round || stoppedId === round.roundId;
  const spinning = waiting || !settled;
  const symbol = balance.data?.currencySymbol ?? '';

  const winning = useMemo(
    () => (round && settled ? winningCells(round, game.paylines) : new Set<string>()),
    [round, settled, game.paylines],
  );
  const shownWin = useCountUp(round && settled ? round.win : '0.00');

  async function play() {
    if (!mayPlay()) return;
    setWaiting(true);
    try {
      const result = await spin({ bet, clientRequestId: crypto.randomUUID() });
      setRound(result.round);
    } catch (error) {
      void showAlert(errorText(tMain, error));
    } finally {
      setWaiting(false);
    }
  }

  const lineBet = formatAmount((parseAmount(bet) ?? 0n) / BigInt(game.paylines.length));
  return (
    <section className={styles.card} data-testid="bgs-spin-panel">
      <Reels
        strips={game.reels}
        stops={round?.stops ?? INITIAL_STOPS}
        spinId={round?.roundId ?? null}
        waiting={waiting}
        winning={winning}
        onStopped={setStoppedId}
      />
      <p className={styles.winAmount} aria-hidden="true" data-testid="bgs-win-amount">
        {shownWin !== null && displayAmount(shownWin, symbol)}
      </p>
      <div className={styles.controls}>
        <SelectField
          label={t('bet')}
          value={bet}
          onChange={setBet}
          placeholder={t('bet')}
          options={game.bets.map((amount) => ({
            value: amount,
            label: displayAmount(amount, symbol),
          }))}
          testId="bgs-bet"
        />
        <Button
          variant="primary"
          className={styles.spinButton}
          onClick={() => void play()}
          disabled={spinning}
          testId="bgs-spin"
        >
          {spinning ? t('spinning') : t('spin')}
        </Button>
      </div>
      <p className={styles.muted}>
        {t('lineBet', { amount: displayAmount(lineBet, symbol) })}
        {balance.data && ` · ${t('balance')}: ${displayAmount(balance.data.balance, symbol)}`}
      </p>
      {!session && <p className={styles.muted}>{t('loginToPlay')}</p>}
      {round && settled && (
        <div aria-live="polite" data-testid="bgs-result">
          <p className={styles.result}>
            {round.win === '0.00' ? t('noWin') : `${t('win')}: ${displayAmount(round.win, symbol)}`}
          </p>
          {(round.lineWins.length > 0 || round.scatterWin !== '0.00') && (
            <ul className={styles.wins}>
              {round.lineWins.map((win) => (
                <li key={win.line}>
                  {t('lineWin', {
                    line: win.line,
                    count: win.count,
                    symbol: symbolName(t, win.symbol),
                    amount: displayAmount(win.win, symbol),
                  })}
                </li>
              ))}
              {round.scatterWin !== '0.00' && (
                <li>
                  {t('scatterWin', {
                    count: round.scatterCount,
                    amount: displayAmount(round.scatterWin, symbol),
                  })}
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
