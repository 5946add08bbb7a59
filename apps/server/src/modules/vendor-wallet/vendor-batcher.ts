import {
  UNKNOWN_GAME_CATEGORY,
  type GameLedgerReference,
  type VendorBetRequest,
  type VendorRollbackRequest,
  type VendorStatus,
  type VendorWinRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import {
  inBatchTransaction,
  inCallerTransaction,
  type Session,
  prepareEntry,
  type EntryRequest,
  type EntryResult,
  LedgerSetBatch,
} from '../ledger/index.js';
import {
  answerBody,
  hashToken,
  statusOf,
  sessionRefusal,
  vendorLedgerKey,
  type AnswerFields,
} from './vendor-answer.js';
import { spreadTurnover, type StoredGrant } from '../bonus/index.js';
import * as batchRepo from './vendor-batch.repository.js';
import type { CredentialRow } from './vendor-wallet.repository.js';
import { BATCH_CHECK_FAILED } from '../../lib/batch-sql.js';

/**
 * The one implementation of the vendor wallet's money calls (decision 007, "Vendor wallet calls
 * in batches"; decision 023): bet, win and rollback calls are decided in memory, in the order they
 * were submitted, against the rows one round trip read and locked, and written in one more. Calls
 * that arrive at about the same time share one database transaction of three round trips
 * (players; reads and locks; writes with COMMIT), whatever their number; a single call is a batch
 * of one, on the database (`answerBatch`) or inside a caller's transaction (the in-house game's
 * spin, `answerInTransaction`). A call that is refused writes nothing and does not stop the
 * others; when a batch fails for any other reason than a lost race, each of its calls runs again
 * as a batch of one, so one bad call cannot fail the others.
 */

export type TransactionCall = 'transaction/bet' | 'transaction/win' | 'transaction/rollback';

/** A checked call (signature, syntax, types, currency): what is left needs the database. */
export type VendorJob = {
  call: TransactionCall;
  credential: CredentialRow;
  /** SHA-256 of the content a replay must repeat. */
  hash: string;
  echo: { request_uuid: unknown; user: unknown };
  request: VendorBetRequest | VendorWinRequest | VendorRollbackRequest;
  /** Bets: the catalogue game of `game_code` (null: none), looked up while the batch fills. */
  game: Promise<{ gameType: string } | null>;
};

export type VendorBatchAnswer = {
  status: VendorStatus;
  body: string;
  entry: EntryResult | null;
  /** The failure behind RS_ERROR_UNKNOWN. */
  error?: unknown;
};

export type PlayerRow = batchRepo.PlayerRow;

const KIND: Record<TransactionCall, 'bet' | 'win' | 'rollback'> = {
  'transaction/bet': 'bet',
  'transaction/win': 'win',
  'transaction/rollback': 'rollback',
};

/** serialization_failure and deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);
const SET_ATTEMPTS = 5;

function sqlState(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code;
}

/**
 * A state no call of this code leaves behind (a ledger key taken without its call, a bet without
 * its round, a member id without its member): the call fails alone, RS_ERROR_UNKNOWN.
 */
class Inconsistent extends Error {}

type RoundState = batchRepo.StoredRound & {
  /** Unsaved: opened by this batch. */
  opened: boolean;
  dirty: boolean;
  currency: string;
};

/** A transaction row of the batch: stored (`id`) or new, with its round's state in place of its key. */
type TxState = Omit<batchRepo.NewTransaction, 'roundPk' | 'roundKey'> & {
  id: number | null;
  round: RoundState | null;
  dirty: boolean;
};

type Decided = { status: VendorStatus; body: string; entryIndex: number | null };

const txKey = (credentialId: number, uuid: string) => `${credentialId}|${uuid}`;
const roundKey = (key: batchRepo.RoundKey) =>
  `${key.merchantId}|${key.vendorCode}|${key.memberId}|${key.roundId}`;
const playerKey = (merchantId: number, username: string) =>
  `${merchantId}|${username.toLowerCase()}`;

/** Plays the batch's calls in order against the rows it read; then writes what changed. */
async function runSetBased(
  run: Session,
  jobs: { job: VendorJob; player: { id: number }; game: { gameType: string } | null }[],
  maintenanceOf: Map<number, boolean>,
): Promise<VendorBatchAnswer[]> {
  const ledger = new LedgerSetBatch();
  const main = (job: VendorJob, player: { id: number }) =>
    [
      job.credential.merchantId,
      job.credential.currency,
      { kind: 'member_main', memberId: player.id },
    ] as const;
  const txKeys = new Map<string, { credentialId: number; uuid: string }>();
  const refKeys = new Map<string, { credentialId: number; uuid: string }>();
  const roundKeys = new Map<string, batchRepo.RoundKey>();
  const tokens = new Set<string>();
  const betting = new Map<string, { merchantId: number; memberId: number }>();
  for (const { job, player } of jobs) {
    const { credential, request } = job;
    const kind = KIND[job.call];
    ledger.reserveAccount(...main(job, player));
    txKeys.set(txKey(credential.id, request.transaction_uuid), {
      credentialId: credential.id,
      uuid: request.transaction_uuid,
    });
    // The accounts and key of the movement the call may make (the amount of a rollback is the
    // bet's, not known yet: only its direction matters here).
    const amount = kind === 'rollback' ? 1n : BigInt((request as VendorBetRequest).amount);
    if (amount > 0n) {
      const toMember = kind === 'bet' ? -amount : amount;
      ledger.reserve({
        request: {
          merchantId: credential.merchantId,
          currency: credential.currency,
          type: 'bet',
          idempotencyKey: vendorLedgerKey(credential.id, kind, request.transaction_uuid),
          postings: [],
        },
        postings: [
          { account: { kind: 'member_main', memberId: player.id }, amount: toMember },
          { account: { kind: 'house' }, amount: -toMember },
        ],
        hash: '',
      });
    }
    if (kind === 'bet') {
      tokens.add(hashToken(request.token));
      const key = {
        merchantId: credential.merchantId,
        vendorCode: credential.vendorCode,
        memberId: player.id,
        roundId: request.round,
      };
      roundKeys.set(roundKey(key), key);
      if (amount > 0n) {
        betting.set(`${credential.merchantId}|${player.id}`, {
          merchantId: credential.merchantId,
          memberId: player.id,
        });
      }
    } else {
      const reference = (request as VendorWinRequest).reference_transaction_uuid;
      const key = { credentialId: credential.id, uuid: reference };
      txKeys.set(txKey(credential.id, reference), key);
      refKeys.set(txKey(credential.id, reference), key);
    }
  }

  // Round trip 2 (with BEGIN): sessions, then locks in one order: transactions, rounds, ledger
  // accounts (the ledger's own order), bonus grants, as the one-call path takes them.
  const ledgerStatements = ledger.firstStatements();
  const answers = await run(
    [
      // The members' state as of now (the one-call path reads it just before its transaction).
      batchRepo.membersSql([...new Set(jobs.map(({ player }) => player.id))]),
      batchRepo.sessionsSql([...tokens]),
      batchRepo.lockTransactionsSql([...txKeys.values()]),
      batchRepo.lockRoundsSql([...roundKeys.values()], [...refKeys.values()]),
      ...ledgerStatements,
      batchRepo.turnover.lockGrantsSql([...betting.values()]),
    ],
    'first',
  );
  const members = new Map(batchRepo.parsePlayers(answers.shift()!).map((row) => [row.id, row]));
  const sessions = new Map(batchRepo.parseSessions(answers[0]!).map((row) => [row.tokenHash, row]));
  const roundsById = new Map<number, RoundState>();
  const rounds = new Map<string, RoundState>();
  for (const row of batchRepo.parseRounds(answers[2]!)) {
    const state: RoundState = { ...row, opened: false, dirty: false, currency: '' };
    roundsById.set(row.id, state);
    rounds.set(roundKey(row), state);
  }
  const rows = new Map<string, TxState>();
  for (const row of batchRepo.parseTransactions(answers[1]!)) {
    const job = jobs.find(({ job }) => job.credential.id === row.credentialId)!.job;
    rows.set(txKey(row.credentialId, row.transactionUuid), {
      ...row,
      merchantId: job.credential.merchantId,
      referenceUuid: null,
      round: row.roundPk === null ? null : (roundsById.get(row.roundPk) ?? null),
      ledgerKey: null,
      dirty: false,
    });
  }
  ledger.load(answers.slice(3, 3 + ledgerStatements.length));
  const grants = new Map<number, (StoredGrant & { dirty: boolean; completed: boolean })[]>();
  for (const grant of batchRepo.turnover.parseGrants(answers[answers.length - 1]!)) {
    const list = grants.get(grant.memberId) ?? [];
    list.push({ ...grant, dirty: false, completed: false });
    grants.set(grant.memberId, list);
  }

  const decided = jobs.map(({ job, player, game }) => {
    const member = members.get(player.id);
    if (!member) throw new Inconsistent('a member not found by id');
    return decide(job, member, game);
  });

  function decide(job: VendorJob, player: PlayerRow, game: { gameType: string } | null): Decided {
    const { credential, request } = job;
    const kind = KIND[job.call];
    const balance = () => ledger.balanceOf(...main(job, player));
    const respond = (status: VendorStatus, amount: bigint | null) =>
      answerBody(status, {
        ...job.echo,
        currency: credential.currency,
        balance: amount,
      } satisfies AnswerFields);
    // Not stored: nothing is written for the call.
    const refuse = (status: VendorStatus): Decided => ({
      status,
      body: respond(status, balance()),
      entryIndex: null,
    });
    // Stored with the call's row (a final answer).
    const finish = (
      status: VendorStatus,
      amountAfter: bigint,
      row: Partial<Pick<TxState, 'round' | 'amount' | 'ledgerKey'>> = {},
      entryIndex: number | null = null,
    ): Decided => {
      const body = respond(status, amountAfter);
      rows.set(txKey(credential.id, request.transaction_uuid), {
        id: null,
        merchantId: credential.merchantId,
        credentialId: credential.id,
        memberId: player.id,
        kind,
        transactionUuid: request.transaction_uuid,
        referenceUuid:
          kind === 'bet' ? null : (request as VendorWinRequest).reference_transaction_uuid,
        round: row.round ?? null,
        amount: row.amount ?? 0n,
        state: status === 'RS_OK' ? 'applied' : 'refused',
        settled: false,
        contentHash: job.hash,
        response: body,
        ledgerKey: row.ledgerKey ?? null,
        dirty: true,
      });
      return { status, body, entryIndex };
    };
    const reference = (round: RoundState): GameLedgerReference => ({
      vendorCode: credential.vendorCode,
      gameCategory: round.gameCategory,
      gameCode: round.gameCode,
      roundId: round.roundId,
    });
    /** Decides the call's ledger entry; the member's balance after it. */
    const post = (type: EntryRequest['type'], toMember: bigint, round: RoundState) => {
      const entry: EntryRequest = {
        merchantId: credential.merchantId,
        currency: credential.currency,
        type,
        idempotencyKey: vendorLedgerKey(credential.id, kind, request.transaction_uuid),
        memberId: player.id,
        reference: { ...reference(round), transactionUuid: request.transaction_uuid },
        postings: [
          { account: { kind: 'member_main', memberId: player.id }, amount: toMember },
          { account: { kind: 'house' }, amount: -toMember },
        ],
      };
      const { index, decision } = ledger.decide({ request: entry, ...prepareEntry(entry) });
      return { index, decision, key: entry.idempotencyKey };
    };

    const own = rows.get(txKey(credential.id, request.transaction_uuid));
    if (own) {
      // The transaction id is taken: the answer of the call that took it.
      if (own.state === 'void' && own.response === null && kind === 'bet') {
        // A late bet after its rollback: refused, and that answer is kept for its replays.
        const body = respond('RS_ERROR_TRANSACTION_ROLLED_BACK', balance());
        own.contentHash = job.hash;
        own.response = body;
        own.dirty = true;
        return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', body, entryIndex: null };
      }
      if (own.kind === kind && own.contentHash === job.hash && own.response !== null) {
        return { status: statusOf(own.response), body: own.response, entryIndex: null };
      }
      return refuse('RS_ERROR_DUPLICATE_TRANSACTION');
    }

    if (kind === 'bet') {
      const bet = request as VendorBetRequest;
      const maintenance = maintenanceOf.get(credential.merchantId)!;
      const refusal = sessionRefusal(
        sessions.get(hashToken(bet.token)),
        credential,
        player,
        maintenance,
      );
      if (refusal) return refuse(refusal);
      if (!game) return finish('RS_ERROR_INVALID_GAME', balance());
      const amount = BigInt(bet.amount);
      const key = {
        merchantId: credential.merchantId,
        vendorCode: credential.vendorCode,
        memberId: player.id,
        roundId: bet.round,
      };
      const existing = rounds.get(roundKey(key));
      if (existing?.closed) return finish('RS_ERROR_ROUND_CLOSED', balance());
      const round: RoundState = existing ?? {
        ...key,
        id: 0,
        gameCode: bet.game_code,
        gameCategory: game.gameType || UNKNOWN_GAME_CATEGORY,
        currency: credential.currency,
        betTotal: 0n,
        winTotal: 0n,
        refundTotal: 0n,
        betCount: 0,
        winCount: 0,
        rollbackCount: 0,
        closed: false,
        opened: true,
        dirty: true,
      };
      let entryIndex: number | null = null;
      let after = balance();
      if (amount > 0n) {
        const { index, decision } = post('bet', -amount, round);
        if (decision.type === 'error') {
          const error = decision.error;
          if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') {
            return refuse('RS_ERROR_NOT_ENOUGH_MONEY');
          }
          throw error;
        }
        if (decision.type !== 'apply') throw new Inconsistent('ledger key taken');
        entryIndex = index;
        after = balance();
        turnover(player.id, amount);
      }
      if (!existing) rounds.set(roundKey(key), round);
      round.betTotal += amount;
      round.betCount += 1;
      round.closed ||= bet.round_closed;
      round.dirty = true;
      return finish(
        'RS_OK',
        after,
        {
          round,
          amount,
          ledgerKey:
            entryIndex === null ? null : vendorLedgerKey(credential.id, kind, bet.transaction_uuid),
        },
        entryIndex,
      );
    }

    const referenceUuid = (request as VendorWinRequest | VendorRollbackRequest)
      .reference_transaction_uuid;
    // The one-call path takes its own id first, so a call naming itself finds no bet.
    const target =
      referenceUuid === request.transaction_uuid
        ? ({ kind } as TxState)
        : rows.get(txKey(credential.id, referenceUuid));
    if (!target) {
      if (kind === 'win') return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      // A rollback of a bet not seen yet: recorded as rolled back, so that it is refused later.
      rows.set(txKey(credential.id, referenceUuid), {
        id: null,
        merchantId: credential.merchantId,
        credentialId: credential.id,
        memberId: player.id,
        kind: 'bet',
        transactionUuid: referenceUuid,
        referenceUuid: null,
        round: null,
        amount: 0n,
        state: 'void',
        settled: false,
        contentHash: null,
        response: null,
        ledgerKey: null,
        dirty: true,
      });
      return finish('RS_OK', balance());
    }
    if (target.kind !== 'bet' || target.state === 'refused') {
      return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    }
    if (target.memberId !== player.id) return refuse('RS_ERROR_INVALID_USER');
    if (target.state !== 'applied') return finish('RS_ERROR_TRANSACTION_ROLLED_BACK', balance());
    if (kind === 'rollback' && target.settled) {
      return finish('RS_ERROR_BET_ALREADY_SETTLED', balance());
    }
    const round = target.round;
    if (!round) throw new Inconsistent('a bet without its round');
    const amount = kind === 'win' ? BigInt((request as VendorWinRequest).amount) : target.amount;
    let entryIndex: number | null = null;
    if (amount > 0n) {
      const { index, decision } = post(kind === 'win' ? 'payout' : 'bet_release', amount, round);
      if (decision.type === 'error') throw decision.error;
      if (decision.type !== 'apply') throw new Inconsistent('ledger key taken');
      entryIndex = index;
    }
    if (kind === 'win') {
      round.winTotal += amount;
      round.winCount += 1;
      if (!target.settled) {
        target.settled = true;
        target.dirty = true;
      }
    } else {
      round.refundTotal += amount;
      round.rollbackCount += 1;
      target.state = 'rolled_back';
      target.dirty = true;
    }
    round.closed ||= request.round_closed;
    round.dirty = true;
    return finish(
      'RS_OK',
      balance(),
      {
        round,
        amount,
        ledgerKey:
          entryIndex === null
            ? null
            : vendorLedgerKey(credential.id, kind, request.transaction_uuid),
      },
      entryIndex,
    );
  }

  /** A valid bet counts towards the member's active grants (the bonus module's rule). */
  function turnover(memberId: number, validBet: bigint) {
    const active = (grants.get(memberId) ?? []).filter((grant) => !grant.completed);
    for (const change of spreadTurnover(active, validBet)) {
      const grant = active.find((item) => item.id === change.id)!;
      grant.done = change.done;
      grant.completed = change.completed;
      grant.dirty = true;
    }
  }

  // Round trip 3: the ledger's entries, the rounds, the transaction rows, the grants; COMMIT.
  const writes: string[] = [ledger.writeStatement()];
  const allRounds = [...rounds.values()];
  const opened = allRounds.filter((round) => round.opened);
  if (opened.length > 0) writes.push(batchRepo.insertRoundsSql(opened));
  const changedRounds = allRounds.filter((round) => !round.opened && round.dirty);
  if (changedRounds.length > 0) writes.push(batchRepo.updateRoundsSql(changedRounds));
  const allRows = [...rows.values()];
  const created = allRows.filter((row) => row.id === null);
  if (created.length > 0) {
    writes.push(
      batchRepo.insertTransactionsSql(
        created.map((row) => ({
          merchantId: row.merchantId,
          credentialId: row.credentialId,
          memberId: row.memberId,
          kind: row.kind,
          transactionUuid: row.transactionUuid,
          referenceUuid: row.referenceUuid,
          roundPk: row.round && !row.round.opened ? row.round.id : null,
          roundKey: row.round && row.round.opened ? row.round : null,
          amount: row.amount,
          state: row.state,
          settled: row.settled,
          contentHash: row.contentHash,
          response: row.response,
          ledgerKey: row.ledgerKey,
        })),
      ),
    );
  }
  const changedRows = allRows.filter((row) => row.id !== null && row.dirty);
  if (changedRows.length > 0) {
    writes.push(
      batchRepo.updateTransactionsSql(
        changedRows.map((row) => ({
          id: row.id!,
          state: row.state,
          settled: row.settled,
          contentHash: row.contentHash,
          response: row.response,
        })),
      ),
    );
  }
  const changedGrants = [...grants.values()].flat().filter((grant) => grant.dirty);
  if (changedGrants.length > 0) writes.push(batchRepo.turnover.updateGrantsSql(changedGrants));
  const written = await run(writes, 'last');
  const entries = ledger.results(written[0]!);
  return decided.map((answer) => {
    const outcome = answer.entryIndex === null ? null : entries[answer.entryIndex]!;
    if (outcome && !outcome.ok) throw outcome.error;
    return { status: answer.status, body: answer.body, entry: outcome ? outcome.result : null };
  });
}

/** The batch's members: `player` by id, `game` looked up while the batch filled. */
type Known = { job: VendorJob; player: { id: number }; game: { gameType: string } | null };

const MEMBER_ID_CACHE = 100_000;

/**
 * Member ids by merchant and username, a process's memo (a member keeps both forever: never
 * renamed or deleted); their state (status, type) is read again inside each batch's transaction.
 */
export type MemberIds = (db: Db, jobs: VendorJob[]) => Promise<Map<string, number>>;

/** The member-id memo of one process (built once by `createVendorCalls`). */
export function createMemberIds(): MemberIds {
  const cache = new Map<string, number>();
  return async (db, jobs) => {
    const missing = new Map<string, { merchantId: number; username: string }>();
    for (const job of jobs) {
      const key = playerKey(job.credential.merchantId, job.request.user);
      if (!cache.has(key)) {
        missing.set(key, {
          merchantId: job.credential.merchantId,
          username: job.request.user.toLowerCase(),
        });
      }
    }
    if (missing.size > 0) {
      const found = await batchRepo.findPlayers(db, [...missing.values()]);
      if (cache.size + missing.size > MEMBER_ID_CACHE) cache.clear();
      for (const row of found) {
        cache.set(playerKey(row.merchantId, row.username), row.id);
      }
    }
    return cache;
  };
}

export type BatchCounters = { retries: number; fallbacks: number };

/** The platform failed this call: nothing was committed for it, the vendor retries. */
function unknown(error: unknown): VendorBatchAnswer {
  const status = 'RS_ERROR_UNKNOWN';
  const blank = { request_uuid: null, user: null, currency: null, balance: null };
  return { status, body: answerBody(status, blank), entry: null, error };
}

function invalidUser(job: VendorJob): VendorBatchAnswer {
  const status = 'RS_ERROR_INVALID_USER';
  const fields = { ...job.echo, currency: job.credential.currency, balance: null };
  return { status, body: answerBody(status, fields), entry: null };
}

/**
 * Writes `known` in one transaction of its own, run again when it loses a race (a key or a round
 * taken between the read and the write, a serialization failure, a deadlock); any other failure
 * is thrown.
 */
async function writeOwnTransaction(
  db: Db,
  known: Known[],
  maintenanceOf: Map<number, boolean>,
  counters: BatchCounters,
): Promise<VendorBatchAnswer[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inBatchTransaction(
        db,
        (run) => runSetBased(run, known, maintenanceOf),
        batchRepo.batchStatements,
      );
    } catch (error) {
      const state = sqlState(error);
      const lostRace = state === BATCH_CHECK_FAILED || RETRYABLE.has(state ?? '');
      if (!lostRace || attempt >= SET_ATTEMPTS) throw error;
      counters.retries += 1;
      if (attempt > 1) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
      }
    }
  }
}

/** What answering calls needs of the app: the member-id memo and the maintenance switch. */
export type BatchDeps = {
  memberIds: MemberIds;
  /** The app's cached maintenance switch: a batch pays no settings query (decision 018). */
  underMaintenance: (merchantId: number, via?: Db) => Promise<boolean>;
};

/** Answers a batch on the database: each call as it would be answered alone, in order. */
export async function answerBatch(
  db: Db,
  jobs: VendorJob[],
  deps: BatchDeps,
  counters: BatchCounters = { retries: 0, fallbacks: 0 },
): Promise<VendorBatchAnswer[]> {
  const merchantIds = [...new Set(jobs.map((job) => job.credential.merchantId))];
  const [players, games, maintenance] = await Promise.all([
    deps.memberIds(db, jobs),
    // A failed lookup fails only its own call.
    Promise.allSettled(jobs.map((job) => job.game)),
    Promise.all(merchantIds.map((id) => deps.underMaintenance(id))),
  ]);
  const maintenanceOf = new Map(merchantIds.map((id, at) => [id, maintenance[at]!]));
  const answers: (VendorBatchAnswer | undefined)[] = [];
  const known: (Known & { at: number })[] = [];
  jobs.forEach((job, at) => {
    const id = players.get(playerKey(job.credential.merchantId, job.request.user));
    const game = games[at]!;
    if (id === undefined) answers[at] = invalidUser(job);
    else if (game.status === 'fulfilled') known.push({ job, player: { id }, game: game.value, at });
    else answers[at] = unknown(game.reason);
  });
  if (known.length === 0) return answers as VendorBatchAnswer[];
  let results: VendorBatchAnswer[];
  try {
    results = await writeOwnTransaction(db, known, maintenanceOf, counters);
  } catch {
    // The fallback: each call as a batch of one, in order, so that a bad one fails only itself.
    counters.fallbacks += 1;
    results = [];
    for (const item of known) {
      results.push(
        await writeOwnTransaction(db, [item], maintenanceOf, counters).then(
          ([answer]) => answer!,
          unknown,
        ),
      );
    }
  }
  known.forEach(({ at }, n) => (answers[at] = results[n]));
  return answers as VendorBatchAnswer[];
}

/**
 * Answers one call inside the caller's transaction, which commits or rolls back the call with
 * the caller's own rows (the in-house game's round): a batch of one on the caller's connection.
 * A failure, a lost race included, is thrown for the caller's transaction to undo.
 */
export async function answerInTransaction(
  tx: Db,
  job: VendorJob,
  deps: BatchDeps,
): Promise<VendorBatchAnswer> {
  const merchantId = job.credential.merchantId;
  // Only a bet waits for the end of a maintenance; read through the caller's transaction.
  const [players, game, maintenance] = await Promise.all([
    deps.memberIds(tx, [job]),
    job.game,
    job.call === 'transaction/bet' ? deps.underMaintenance(merchantId, tx) : false,
  ]);
  const id = players.get(playerKey(merchantId, job.request.user));
  if (id === undefined) return invalidUser(job);
  const [answer] = await inCallerTransaction(
    tx,
    (run) =>
      runSetBased(run, [{ job, player: { id }, game }], new Map([[merchantId, maintenance]])),
    batchRepo.batchStatements,
  );
  return answer!;
}

export type VendorCallBatcherOptions = BatchDeps & {
  /** Batches in flight at once (lanes); calls of one member always share a lane. */
  lanes?: number;
  /** Most calls in one transaction. */
  maxBatch?: number;
};

export type VendorCallBatcher = {
  submit: (job: VendorJob) => Promise<VendorBatchAnswer>;
  /** Batches written, calls in them, set-based attempts run again, batches that fell back. */
  stats: () => { batches: number; calls: number } & BatchCounters;
};

type Waiting = { job: VendorJob; resolve: (answer: VendorBatchAnswer) => void };

function laneOf(job: VendorJob, lanes: number): number {
  const text = playerKey(job.credential.merchantId, job.request.user);
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(hash) % lanes;
}

/**
 * Collects calls into batches: while a lane's batch is being written, its next one fills up, so
 * the batch size follows the load (1 when idle). A member's calls always go to the same lane, so
 * they are decided in the order they arrived and two batches of this process never wait on one
 * member's rows.
 */
export function createVendorCallBatcher(
  db: Db,
  options: VendorCallBatcherOptions,
): VendorCallBatcher {
  const lanes = Math.max(1, options.lanes ?? 2);
  const maxBatch = options.maxBatch ?? 200;
  const queues: Waiting[][] = Array.from({ length: lanes }, () => []);
  const busy: boolean[] = Array.from({ length: lanes }, () => false);
  let batches = 0;
  let calls = 0;
  const counters: BatchCounters = { retries: 0, fallbacks: 0 };

  function schedule(lane: number) {
    if (busy[lane] || queues[lane]!.length === 0) return;
    busy[lane] = true;
    // Everything submitted in this turn of the event loop joins the batch.
    setImmediate(() => {
      const waiting = queues[lane]!.splice(0, maxBatch);
      batches += 1;
      calls += waiting.length;
      answerBatch(
        db,
        waiting.map((item) => item.job),
        options,
        counters,
      )
        .then(
          (answers) => waiting.forEach((item, n) => item.resolve(answers[n]!)),
          (error: unknown) => waiting.forEach((item) => item.resolve(unknown(error))),
        )
        .finally(() => {
          busy[lane] = false;
          schedule(lane);
        });
    });
  }

  return {
    submit: (job) =>
      new Promise<VendorBatchAnswer>((resolve) => {
        const lane = laneOf(job, lanes);
        queues[lane]!.push({ job, resolve });
        schedule(lane);
      }),
    stats: () => ({ batches, calls, ...counters }),
  };
}
