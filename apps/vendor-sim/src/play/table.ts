import { randomUUID } from 'node:crypto';
import type { Rng } from '../games/rng.js';
import type { PlacedBet, Rounds } from './rounds.js';
import type { PlayerSession } from './sessions.js';

/** The game a live-style table deals: its sides, its draw and what each side pays. */
export interface TableRules<Side extends string, Result> {
  sides: readonly Side[];
  draw: (rng: Rng) => Result;
  /** Gross win of `stake` on `side`; null when the result voids the bet (it is rolled back). */
  payout: (side: Side, stake: bigint, result: Result) => bigint | null;
}

export interface TableTiming {
  /** How long the dealer's timer lets members bet. */
  bettingMs: number;
  /** How long the result stays on the table before the next round opens. */
  resultMs: number;
  /** The table stops dealing when no member looked at it for this long. */
  idleMs: number;
}

/** Most bets one member may place in one round. */
const MAX_BETS_PER_ROUND = 10;

interface SeatBet<Side> {
  session: PlayerSession;
  side: Side;
  bet: PlacedBet;
}

export type TableBetResult =
  { ok: true; balance: number | null } | { ok: false; status: string; balance: number | null };

/**
 * One table shared by every member playing the game: bets are taken while the dealer's timer
 * runs, then one result settles every bet of the round (a win per bet, the member's last call
 * closing the member's round).
 */
export function createTable<Side extends string, Result>(
  rules: TableRules<Side, Result>,
  rounds: Rounds,
  rng: Rng,
  timing: TableTiming,
  now: () => number = Date.now,
) {
  let phase: 'idle' | 'betting' | 'result' = 'idle';
  let roundNo = 0;
  let tableRound = '';
  let phaseEnds = 0;
  let lastSeen = 0;
  let bets: SeatBet<Side>[] = [];
  const playerRounds = new Map<string, string>();
  const inFlight = new Set<Promise<void>>();
  let last: { roundNo: number; result: Result; wins: Map<string, bigint> } | null = null;
  let timer: NodeJS.Timeout | null = null;

  function schedule(ms: number, next: () => void) {
    phaseEnds = now() + ms;
    timer = setTimeout(next, ms);
    timer.unref();
  }

  function openBetting() {
    roundNo += 1;
    tableRound = randomUUID();
    playerRounds.clear();
    bets = [];
    phase = 'betting';
    schedule(timing.bettingMs, () => void closeBetting());
  }

  async function settleMember(own: SeatBet<Side>[], result: Result, wins: Map<string, bigint>) {
    let won = 0n;
    for (const [index, { session, side, bet }] of own.entries()) {
      const closes = index === own.length - 1;
      const payout = rules.payout(side, bet.amount, result);
      if (payout === null) {
        await rounds.rollback(session, bet, closes);
      } else {
        won += payout;
        await rounds.win(session, bet, payout, closes);
      }
    }
    wins.set(own[0]!.session.token, won);
  }

  async function closeBetting() {
    phase = 'result';
    schedule(timing.resultMs, () => {
      if (now() - lastSeen < timing.idleMs) openBetting();
      else phase = 'idle';
    });
    // Bets whose answer is still on its way belong to this round.
    await Promise.all(inFlight);
    const result = rules.draw(rng);
    const wins = new Map<string, bigint>();
    last = { roundNo, result, wins };
    const byMember = new Map<string, SeatBet<Side>[]>();
    for (const seat of bets) {
      byMember.set(seat.session.token, [...(byMember.get(seat.session.token) ?? []), seat]);
    }
    await Promise.all([...byMember.values()].map((own) => settleMember(own, result, wins)));
  }

  function touch() {
    lastSeen = now();
    if (phase === 'idle') openBetting();
  }

  return {
    sides: rules.sides as readonly string[],

    /** Places a bet on `side` (one of `sides`) if the dealer's timer still runs. */
    async bet(session: PlayerSession, chosen: string, stake: bigint): Promise<TableBetResult> {
      const side = rules.sides.find((known) => known === chosen);
      if (!side) return { ok: false, status: 'OTHER', balance: session.balance };
      touch();
      const own = bets.filter((seat) => seat.session.token === session.token).length;
      if (phase !== 'betting')
        return { ok: false, status: 'BETTING_CLOSED', balance: session.balance };
      if (own >= MAX_BETS_PER_ROUND) {
        return { ok: false, status: 'TOO_MANY_BETS', balance: session.balance };
      }
      let round = playerRounds.get(session.token);
      if (!round) {
        round = `${tableRound}-${playerRounds.size + 1}`;
        playerRounds.set(session.token, round);
      }
      let outcome: TableBetResult = { ok: false, status: 'RS_ERROR_UNKNOWN', balance: null };
      const placing = rounds.bet(session, round, stake).then((placed) => {
        if (placed.ok) bets.push({ session, side, bet: placed.bet });
        outcome = placed.ok
          ? { ok: true, balance: session.balance }
          : { ok: false, status: placed.status, balance: session.balance };
      });
      inFlight.add(placing);
      await placing.finally(() => inFlight.delete(placing));
      return outcome;
    },

    /** What the member's page shows: the timer, the member's bets and the last result. */
    view(session: PlayerSession) {
      touch();
      return {
        phase,
        roundNo,
        msLeft: Math.max(0, phaseEnds - now()),
        myBets: bets
          .filter((seat) => seat.session.token === session.token)
          .map((seat) => ({ side: seat.side, amount: Number(seat.bet.amount) })),
        last: last && {
          roundNo: last.roundNo,
          result: last.result,
          myWin: last.wins.has(session.token) ? Number(last.wins.get(session.token)) : null,
        },
        balance: session.balance,
      };
    },

    close() {
      if (timer) clearTimeout(timer);
      phase = 'idle';
    },
  };
}

export type Table = ReturnType<typeof createTable>;
