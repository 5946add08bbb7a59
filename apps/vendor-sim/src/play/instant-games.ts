import { randomUUID } from 'node:crypto';
import { shootFish, type Fish, type FishingOutcome } from '../games/fishing.js';
import type { Rng } from '../games/rng.js';
import { spinSlot, type SlotOutcome } from '../games/slot.js';
import { slotGameOf } from '../games/slot-catalog.js';
import type { Rounds } from './rounds.js';
import type { PlayerSession } from './sessions.js';

export type InstantResult<Outcome> =
  | { ok: true; outcome: Outcome; balance: number | null }
  | { ok: false; status: string; balance: number | null };

/** Games settled at once: one bet, the outcome, one win closing the round. */
export function createInstantGames(rounds: Rounds, rng: Rng) {
  async function play<Outcome extends { win: bigint }>(
    session: PlayerSession,
    stake: bigint,
    draw: () => Outcome,
  ): Promise<InstantResult<Outcome>> {
    const placed = await rounds.bet(session, randomUUID(), stake);
    if (!placed.ok) return { ok: false, status: placed.status, balance: session.balance };
    const outcome = draw();
    await rounds.win(session, placed.bet, outcome.win, true);
    return { ok: true, outcome, balance: session.balance };
  }

  return {
    spin: (session: PlayerSession, stake: bigint): Promise<InstantResult<SlotOutcome>> =>
      play(session, stake, () => spinSlot(rng, slotGameOf(session.gameCode).variant, stake)),
    shoot: (
      session: PlayerSession,
      stake: bigint,
      fish: Fish,
    ): Promise<InstantResult<FishingOutcome>> =>
      play(session, stake, () => shootFish(rng, fish, stake)),
  };
}

export type InstantGames = ReturnType<typeof createInstantGames>;
