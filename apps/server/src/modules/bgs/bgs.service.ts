import { randomBytes, randomUUID } from 'node:crypto';
import {
  hashServerSeed,
  LINE_BETS,
  LINE_COUNT,
  LINE_PAYS,
  newServerSeed,
  PAYLINES,
  playRound,
  REELS,
  SCATTER_PAYS,
  STATED_SUMS,
  summarize,
  verifyRound,
  type LineWin,
  type SlotRound,
} from '@app/games';
import {
  formatAmount,
  IN_HOUSE_VENDOR,
  parseAmount,
  type BgsClientSeedRequest,
  type BgsGame,
  type BgsOutcome,
  type BgsRotation,
  type BgsRound,
  type BgsRoundPage,
  type BgsRoundQuery,
  type BgsSeeds,
  type BgsSpinRequest,
  type BgsSpinResult,
  type BgsVerifyRequest,
  type ErrorCode,
  type VendorCall,
  type VendorStatus,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import type { SignedIn } from '../../lib/guards.js';
import { AppError } from '../../lib/app-error.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { inTransaction } from '../../lib/transaction.js';
import { type EntryResult, mainBalance } from '../ledger/index.js';
import type { Merchant } from '../merchant/index.js';
import type { DoorSwitches } from '../system/index.js';
import {
  hmacSignature,
  createGameSession,
  handleVendorCall,
  type VendorCalls,
} from '../vendor-wallet/index.js';
import * as repo from './bgs.repository.js';

/**
 * The in-house provably fair slot (docs/games/bgs-slot.md): seed pairs per member, spins whose
 * money moves through the vendor wallet API as vendor BGS (a signed bet and a signed win that
 * closes the round, exactly as an external vendor sends them), round history with proofs and
 * verification of any round.
 */

export type BgsCaller = { merchant: Merchant; auth: SignedIn };

/**
 * The database, the app's secret box (server seeds and the game's vendor secret are sealed),
 * door switches and the vendor wallet's process state (the game's bets go through the vendor
 * wallet).
 */
export type BgsDeps = {
  db: Db;
  secrets: SecretBox;
  switches: DoorSwitches;
  vendorCalls: VendorCalls;
};

/** Told after a spin commits, once per ledger entry (live balance in the header). */
export type LedgerListener = (
  merchantId: number,
  currency: string,
  entry: EntryResult,
) => Promise<void>;

/** The client seed of a new member's first pair; the member may change it any time. */
function randomClientSeed(): string {
  return randomBytes(8).toString('hex');
}

function newPair(secrets: SecretBox, caller: BgsCaller, clientSeed: string) {
  const serverSeed = newServerSeed();
  return {
    merchantId: caller.merchant.id,
    memberId: caller.auth.member.id,
    serverSeed: secrets.seal(serverSeed),
    serverSeedHash: hashServerSeed(serverSeed),
    clientSeed,
  };
}

/**
 * The member's active pair, locked for this transaction; the first is made on first use. A lock
 * waited for can come back empty: a concurrent rotation ended that pair and committed its
 * successor, which the next statement sees (read committed), so look again until one is locked.
 */
async function activePair(
  tx: Db,
  secrets: SecretBox,
  caller: BgsCaller,
): Promise<repo.SeedPairRow> {
  const memberId = caller.auth.member.id;
  for (;;) {
    const pair = await repo.lockActivePair(tx, memberId);
    if (pair) return pair;
    // Does nothing when a successor (or a concurrent first pair) exists.
    await repo.insertPair(tx, newPair(secrets, caller, randomClientSeed()));
  }
}

function seedsOf(pair: repo.SeedPairRow): BgsSeeds {
  return {
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nextNonce,
  };
}

export async function getSeeds({ db, secrets }: BgsDeps, caller: BgsCaller): Promise<BgsSeeds> {
  return inTransaction(db, async (tx) => seedsOf(await activePair(tx, secrets, caller)));
}

/** A new client seed for the coming rounds; the committed server seed stays. */
export async function setClientSeed(
  { db, secrets }: BgsDeps,
  caller: BgsCaller,
  request: BgsClientSeedRequest,
): Promise<BgsSeeds> {
  return inTransaction(db, async (tx) => {
    const pair = await activePair(tx, secrets, caller);
    await repo.updatePair(tx, pair.id, { clientSeed: request.clientSeed });
    return seedsOf({ ...pair, clientSeed: request.clientSeed });
  });
}

/** Ends the active pair, revealing its server seed, and commits to a new one. */
export async function rotateSeeds(
  { db, secrets }: BgsDeps,
  caller: BgsCaller,
): Promise<BgsRotation> {
  return inTransaction(db, async (tx) => {
    const pair = await activePair(tx, secrets, caller);
    await repo.endPair(tx, pair.id);
    const next = newPair(secrets, caller, pair.clientSeed);
    await repo.insertPair(tx, next);
    return {
      revealed: {
        serverSeed: secrets.open(pair.serverSeed),
        serverSeedHash: pair.serverSeedHash,
        clientSeed: pair.clientSeed,
        rounds: pair.nextNonce,
      },
      current: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: 0 },
    };
  });
}

/** What the engine's round shows, in the member API's shape (amounts as decimal strings). */
function outcomeView(round: SlotRound): BgsOutcome {
  return {
    bet: formatAmount(round.bet),
    win: formatAmount(round.win),
    stops: round.stops,
    window: round.window,
    lineWins: round.lineWins.map((lineWin: LineWin) => ({
      ...lineWin,
      win: formatAmount(round.lineBet * BigInt(lineWin.multiplier)),
    })),
    scatterCount: round.scatterCount,
    scatterWin: formatAmount(round.bet * BigInt(round.scatterMultiplier)),
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
  };
}

/** The stored engine result, as the JSON column keeps it (bigints as strings). */
type StoredOutcome = Omit<SlotRound, 'bet' | 'lineBet' | 'win'> & { lineBet: string };

function roundView(secrets: SecretBox, row: repo.RoundRow, pair: repo.SeedPairRow): BgsRound {
  const stored = row.outcome as StoredOutcome;
  const round: SlotRound = {
    ...stored,
    bet: row.bet,
    lineBet: BigInt(stored.lineBet),
    win: row.win,
  };
  return {
    ...outcomeView(round),
    roundId: row.roundId,
    time: row.createdAt.toISOString(),
    serverSeed: pair.active ? null : secrets.open(pair.serverSeed),
  };
}

/** The total bet in minor units, when it is one of the offered levels. */
function offeredBet(text: string): bigint {
  const bet = parseAmount(text);
  if (bet === null || !LINE_BETS.some((lineBet) => BigInt(lineBet * LINE_COUNT) === bet)) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', { bets: gameInfo().bets });
  }
  return bet;
}

type VendorAnswer = { status: VendorStatus; balance: bigint; entry: EntryResult | null };

/** One signed call to the vendor wallet API as vendor BGS, in the caller's transaction. */
async function walletCall(
  { secrets, switches, vendorCalls }: BgsDeps,
  tx: Db,
  merchantId: number,
  secret: string,
  call: VendorCall,
  body: Record<string, unknown>,
): Promise<VendorAnswer> {
  const rawBody = JSON.stringify(body);
  const result = await handleVendorCall(
    { db: tx, secrets, switches, calls: vendorCalls },
    {
      merchantId,
      vendorCode: IN_HOUSE_VENDOR,
      path: call,
      rawBody,
      signature: hmacSignature(secrets.open(secret), rawBody),
    },
  );
  // The platform failed (a lost serialization race, say): undo the whole spin and let
  // inTransaction decide whether to run it again.
  if (result.status === 'RS_ERROR_UNKNOWN') {
    throw result.error instanceof Error ? result.error : new AppError('INTERNAL_ERROR');
  }
  const answer = JSON.parse(result.body) as { balance: number | null };
  return { status: result.status, balance: BigInt(answer.balance ?? 0), entry: result.entry };
}

/** Refusals of the bet as the member API says them; any other is the platform's failure. */
const REFUSALS: Partial<Record<VendorStatus, ErrorCode>> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'INSUFFICIENT_BALANCE',
  RS_ERROR_USER_DISABLED: 'FORBIDDEN',
  RS_ERROR_INVALID_GAME: 'GAME_MAINTENANCE',
};

function refusal(status: VendorStatus, balance: bigint): AppError {
  return new AppError(REFUSALS[status] ?? 'INTERNAL_ERROR', {
    status,
    balance: formatAmount(balance),
  });
}

/** The engine's round as the JSON column keeps it: bigints as strings, money in the columns. */
function storedOutcome(round: SlotRound): StoredOutcome {
  return {
    stops: round.stops,
    window: round.window,
    lineWins: round.lineWins,
    scatterCount: round.scatterCount,
    scatterMultiplier: round.scatterMultiplier,
    winUnits: round.winUnits,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    lineBet: round.lineBet.toString(),
  };
}

/**
 * Plays one round: takes the pair's next nonce, computes the round, then moves the money as
 * vendor BGS through the vendor wallet API (bet, then the win closing the round), all in one
 * database transaction, so a refused bet leaves no round and uses no nonce. The same
 * clientRequestId answers the round it already played and moves nothing.
 */
export async function spin(
  deps: BgsDeps,
  caller: BgsCaller,
  request: BgsSpinRequest,
  onEntry?: LedgerListener,
): Promise<BgsSpinResult> {
  const { db, secrets } = deps;
  const bet = offeredBet(request.bet);
  const member = caller.auth.member;
  const merchantId = caller.merchant.id;
  const game = await repo.findBgsGame(db, merchantId);
  if (!game) throw new AppError('GAME_MAINTENANCE');
  const played = await inTransaction(db, async (tx) => {
    const pair = await activePair(tx, secrets, caller);
    const credential = await repo.bgsCredential(
      tx,
      merchantId,
      secrets.seal(randomBytes(32).toString('hex')),
    );
    const earlier = await repo.findRoundByRequest(tx, member.id, request.clientRequestId);
    if (earlier) {
      if (earlier.bet !== bet) throw new AppError('DUPLICATE_TRANSACTION');
      const earlierPair = await pairOf(tx, earlier, pair);
      const balance = await mainBalance(tx, merchantId, member.id, credential.currency);
      return {
        row: earlier,
        pair: earlierPair,
        balance,
        entries: [],
        currency: credential.currency,
      };
    }
    const nonce = pair.nextNonce;
    const round = playRound(secrets.open(pair.serverSeed), pair.clientSeed, nonce, bet);
    const roundId = `${pair.id}-${nonce}`;
    const { token } = await createGameSession(tx, {
      merchantId,
      memberId: member.id,
      vendorId: game.vendorId,
      gameCode: game.gameCode,
    });
    const common = {
      user: member.username,
      token,
      game_code: game.gameCode,
      round: roundId,
      currency: credential.currency,
    };
    const betUuid = `bgs-${roundId}-bet`;
    const placed = await walletCall(deps, tx, merchantId, credential.secret, 'transaction/bet', {
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: betUuid,
      round_closed: false,
      amount: Number(bet),
    });
    if (placed.status !== 'RS_OK') throw refusal(placed.status, placed.balance);
    const settled = await walletCall(deps, tx, merchantId, credential.secret, 'transaction/win', {
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: `bgs-${roundId}-win`,
      reference_transaction_uuid: betUuid,
      round_closed: true,
      amount: Number(round.win),
    });
    if (settled.status !== 'RS_OK') throw refusal(settled.status, settled.balance);
    await repo.updatePair(tx, pair.id, { nextNonce: nonce + 1 });
    const row = await repo.insertRound(tx, {
      merchantId,
      memberId: member.id,
      seedPairId: pair.id,
      roundId,
      clientRequestId: request.clientRequestId,
      clientSeed: pair.clientSeed,
      nonce,
      bet,
      win: round.win,
      outcome: storedOutcome(round),
    });
    return {
      row,
      pair,
      balance: settled.balance,
      entries: [placed.entry, settled.entry],
      currency: credential.currency,
    };
  });
  for (const entry of played.entries) {
    if (entry) await onEntry?.(merchantId, played.currency, entry);
  }
  return {
    round: roundView(secrets, played.row, played.pair),
    balance: formatAmount(played.balance),
  };
}

/** The pair a stored round was played with (the active one, or an earlier rotated one). */
async function pairOf(
  tx: Db,
  round: repo.RoundRow,
  active: repo.SeedPairRow,
): Promise<repo.SeedPairRow> {
  if (round.seedPairId === active.id) return active;
  return (await repo.findPair(tx, round.seedPairId))!;
}

export async function listRounds(
  { db, secrets }: BgsDeps,
  caller: BgsCaller,
  query: BgsRoundQuery,
): Promise<BgsRoundPage> {
  return pageOf(
    query,
    await repo.listRounds(db, caller.auth.member.id, query.page, query.size),
    ({ round, pair }) => roundView(secrets, round, pair),
  );
}

/** Recomputes a round from a revealed server seed: pure, anyone may ask. */
export function verify(request: BgsVerifyRequest): BgsOutcome {
  const bet = offeredBet(request.bet);
  return outcomeView(verifyRound(request.serverSeed, request.clientSeed, request.nonce, bet));
}

/** The published configuration the page draws, with the stated RTP. */
export function gameInfo(): BgsGame {
  return {
    bets: LINE_BETS.map((lineBet) => formatAmount(BigInt(lineBet * LINE_COUNT))),
    reels: REELS.map((reel) => [...reel]),
    paylines: PAYLINES.map((line) => [...line]),
    linePays: Object.fromEntries(Object.entries(LINE_PAYS).map(([s, pays]) => [s, [...pays]])),
    scatterPays: [...SCATTER_PAYS],
    rtp: (summarize(STATED_SUMS).rtp * 100).toFixed(2),
  };
}
