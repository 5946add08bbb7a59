import '../bgs-texts';
import type { BgsGame, BgsRound } from '@app/shared';
import { formatAmount, parseAmount } from '@app/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
  const [spinning, setSpinning] = useState(false);
  const symbol = balance.data?.currencySymbol ?? '';

  const window = round?.window ?? game.reels.map((reel) => reel.slice(0, 3));
  const winning = useMemo(
    () => (round && !spinning ? winningCells(round, game.paylines) : new Set<string>()),
    [round, spinning, game.paylines],
  );

  async function play() {
    if (!mayPlay()) return;
    setSpinning(true);
    try {
      const result = await spin({ bet, clientRequestId: crypto.randomUUID() });
      setRound(result.round);
    } catch (error) {
      void showAlert(errorText(tMain, error));
    } finally {
      setSpinning(false);
    }
  }

  const lineBet = formatAmount((parseAmount(bet) ?? 0n) / BigInt(game.paylines.length));
  return (
    <section className={styles.card} data-testid="bgs-spin-panel">
      <Reels window={window} winning={winning} spinning={spinning} />
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
      {round && !spinning && (
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
