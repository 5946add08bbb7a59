import { randomUUID } from 'node:crypto';
import type { VendorStatus } from '@app/shared';
import type { TransferWallet } from '../wallet/transfer-wallet.js';
import { WalletUnavailableError, type WalletClient } from '../wallet/wallet-client.js';
import type { PlayerSession } from './sessions.js';

/** A stake the platform accepted, to be settled by a win or cancelled by a rollback. */
export interface PlacedBet {
  round: string;
  transactionUuid: string;
  amount: bigint;
}

export type BetResult =
  | { ok: true; bet: PlacedBet }
  /** The platform refused the bet (not enough money, token expired, ...): nothing moved. */
  | { ok: false; status: VendorStatus }
  /** No answer came: the bet was rolled back (or the rollback is queued until it is accepted). */
  | { ok: false; status: 'ROLLED_BACK' };

/** How a game takes stakes and pays wins, whichever wallet the member's vendor uses. */
export interface Rounds {
  /** Takes `amount` from the member for `round`. */
  bet(session: PlayerSession, round: string, amount: bigint): Promise<BetResult>;
  /** Pays `win` (0 for a loss) against `bet`; `roundClosed` on the round's last call. */
  win(session: PlayerSession, bet: PlacedBet, win: bigint, roundClosed: boolean): Promise<void>;
  /** Cancels `bet` and returns its stake. */
  rollback(session: PlayerSession, bet: PlacedBet, roundClosed: boolean): Promise<void>;
  /** The member's balance (minor units), kept on the session for the game page. */
  balance(session: PlayerSession): Promise<number | null>;
}

/**
 * Seamless wallet: bets, wins and rollbacks as a provider sends them. A bet without a final answer is rolled
 * back; a win or rollback without one is retried in the background until the platform accepts
 * it, because the member's money depends on it.
 */
export function createSeamlessRounds(wallet: WalletClient, options: { pendingRetryMs: number }) {
  const pending: (() => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let draining = false;

  function retryLater(job: () => Promise<void>) {
    pending.push(job);
    timer ??= setInterval(() => void drain(), options.pendingRetryMs).unref();
  }

  /** Sends every waiting call once more; a call leaves the queue only once it was answered. */
  async function drain() {
    // One pass at a time: a slow pass must not see its own calls as still waiting.
    if (draining) return;
    draining = true;
    try {
      for (const job of [...pending]) {
        try {
          await job();
          pending.splice(pending.indexOf(job), 1);
        } catch (error) {
          if (!(error instanceof WalletUnavailableError)) throw error;
        }
      }
    } finally {
      draining = false;
    }
    if (pending.length === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  function remember(session: PlayerSession, balance: number | null) {
    if (balance !== null) session.balance = balance;
  }

  function common(session: PlayerSession, round: string) {
    return {
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      user: session.user,
      token: session.token,
      game_code: session.gameCode,
      round,
    };
  }

  async function rollback(session: PlayerSession, bet: PlacedBet, roundClosed: boolean) {
    const body = {
      ...common(session, bet.round),
      round_closed: roundClosed,
      reference_transaction_uuid: bet.transactionUuid,
    };
    const send = async () => remember(session, (await wallet.rollback(session, body)).balance);
    try {
      await send();
    } catch (error) {
      if (!(error instanceof WalletUnavailableError)) throw error;
      retryLater(send);
    }
  }

  return {
    async bet(session: PlayerSession, round: string, amount: bigint): Promise<BetResult> {
      const body = {
        ...common(session, round),
        round_closed: false,
        amount: Number(amount),
        currency: session.currency,
      };
      const bet = { round, transactionUuid: body.transaction_uuid, amount };
      try {
        const answer = await wallet.bet(session, body);
        remember(session, answer.balance);
        return answer.status === 'RS_OK' ? { ok: true, bet } : { ok: false, status: answer.status };
      } catch (error) {
        if (!(error instanceof WalletUnavailableError)) throw error;
        // The platform may or may not have taken the stake: cancel it either way.
        await rollback(session, bet, true);
        return { ok: false, status: 'ROLLED_BACK' };
      }
    },

    async win(session: PlayerSession, bet: PlacedBet, win: bigint, roundClosed: boolean) {
      const body = {
        ...common(session, bet.round),
        round_closed: roundClosed,
        amount: Number(win),
        currency: session.currency,
        reference_transaction_uuid: bet.transactionUuid,
      };
      const send = async () => remember(session, (await wallet.win(session, body)).balance);
      try {
        await send();
      } catch (error) {
        if (!(error instanceof WalletUnavailableError)) throw error;
        retryLater(send);
      }
    },

    rollback,

    async balance(session: PlayerSession): Promise<number | null> {
      const answer = await wallet.balance(session, {
        request_uuid: randomUUID(),
        user: session.user,
        token: session.token,
        game_code: session.gameCode,
      });
      remember(session, answer.balance);
      return answer.status === 'RS_OK' ? answer.balance : null;
    },

    /** Calls still waiting for the platform (wins and rollbacks that had no final answer). */
    pendingCount: () => pending.length,
    close() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type SeamlessRounds = ReturnType<typeof createSeamlessRounds>;

/** Transfer wallet: play spends and wins the balance the sim holds for the member. */
export function createTransferRounds(wallet: TransferWallet): Rounds {
  const scope = (session: PlayerSession) => ({
    vendorCode: session.heldBy,
    merchant: session.merchant ?? '',
  });
  function credit(session: PlayerSession, amount: bigint) {
    wallet.credit(scope(session), session.user, session.currency, Number(amount));
    session.balance = wallet.balanceOf(scope(session), session.user, session.currency);
  }
  return {
    async bet(session, round, amount) {
      const taken = wallet.debit(scope(session), session.user, session.currency, Number(amount));
      session.balance = wallet.balanceOf(scope(session), session.user, session.currency);
      return taken
        ? { ok: true, bet: { round, transactionUuid: randomUUID(), amount } }
        : { ok: false, status: 'RS_ERROR_NOT_ENOUGH_MONEY' };
    },
    async win(session, _bet, win) {
      credit(session, win);
    },
    async rollback(session, bet) {
      credit(session, bet.amount);
    },
    async balance(session) {
      session.balance = wallet.balanceOf(scope(session), session.user, session.currency);
      return session.balance;
    },
  };
}

/** The rounds of a session's wallet mode. */
export function roundsByWalletMode(seamless: Rounds, transfer: Rounds): Rounds {
  const pick = (session: PlayerSession) =>
    session.walletMode === 'transfer' ? transfer : seamless;
  return {
    bet: (session, round, amount) => pick(session).bet(session, round, amount),
    win: (session, bet, win, closed) => pick(session).win(session, bet, win, closed),
    rollback: (session, bet, closed) => pick(session).rollback(session, bet, closed),
    balance: (session) => pick(session).balance(session),
  };
}
