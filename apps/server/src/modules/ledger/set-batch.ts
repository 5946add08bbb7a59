import { formatAmount } from '@app/shared';
import { AppError } from '../../lib/app-error.js';
import {
  accountKey,
  addressOf,
  isMemberAccount,
  MERCHANT_ACCOUNT_SHARDS,
  type AccountAddress,
  type AccountRef,
} from './accounts.js';
import {
  entryRowOf,
  toLines,
  type EntryRequest,
  type EntryResult,
  type PostedLine,
  type Posting,
} from './entry.js';
import * as repo from './ledger.repository.js';
import type { Session } from './sessions.js';

/**
 * The ledger's one writer of entries (decisions 007 and 023): a single entry (`postEntryIn`) is a
 * batch of one, `postEntries` many, and a caller that writes its own rows in the same transaction
 * (the vendor wallet batcher) uses it directly. The caller reserves
 * every entry (and every account whose balance it wants to read) first; `firstStatements` opens
 * and locks every row in the ledger's one lock order and reads which keys are taken; `decide`
 * decides one entry at a time, in the caller's order, against the locked balances; and
 * `writeStatement` writes every applied entry, balance change and posting in one statement that
 * fails (BATCH_CHECK_FAILED) unless everything is as decided.
 */

export type PreparedEntry = { request: EntryRequest; postings: Posting[]; hash: string };

export type BatchOutcome = { ok: true; result: EntryResult } | { ok: false; error: unknown };

export type SetDecision =
  | { type: 'apply'; lines: PostedLine[] }
  | { type: 'replay-stored'; entryId: number; createdAt: Date }
  | { type: 'replay-batch'; of: number }
  | { type: 'error'; error: unknown };

type SlotItem = { slot: repo.AccountSlot; key: string; credited: boolean };

const entryKey = (merchantId: number, idempotencyKey: string) => `${merchantId}|${idempotencyKey}`;

/** The ledger's lock order: merchant, currency, then `accountKey`, shard. */
function compareSlots(a: SlotItem, b: SlotItem) {
  if (a.slot.merchantId !== b.slot.merchantId) return a.slot.merchantId - b.slot.merchantId;
  if (a.slot.currency !== b.slot.currency) return a.slot.currency < b.slot.currency ? -1 : 1;
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.slot.shard - b.slot.shard;
}

export class LedgerSetBatch {
  // A merchant account without a shard gets one shard per batch: the batch's entries share its
  // row, other batches most likely use another.
  private readonly shards = new Map<string, number>();
  private readonly slots = new Map<string, SlotItem>();
  private readonly keys = new Map<string, { merchantId: number; idempotencyKey: string }>();
  private stored = new Map<string, repo.StoredKey>();
  private rows = new Map<number, { id: number; balance: bigint }>();
  private balances = new Map<number, bigint>();
  private readonly started = new Map<string, number>();
  private readonly decided: { prepared: PreparedEntry; decision: SetDecision }[] = [];
  private loaded = false;

  private slotOf(merchantId: number, currency: string, account: AccountRef, credited: boolean) {
    let address: AccountAddress = addressOf(account);
    if (!isMemberAccount(account) && account.shard === undefined) {
      const shardKey = `${merchantId}|${currency}|${address.kind}`;
      let shard = this.shards.get(shardKey);
      if (shard === undefined) {
        shard = Math.floor(Math.random() * MERCHANT_ACCOUNT_SHARDS);
        this.shards.set(shardKey, shard);
      }
      address = { ...address, shard };
    }
    const slot = { merchantId, currency, ...address };
    const identity = repo.slotIdentity(slot);
    const known = this.slots.get(identity);
    if (known) known.credited ||= credited;
    else {
      if (this.loaded) throw new Error('ledger: an account not reserved before the batch was read');
      this.slots.set(identity, { slot: { ...slot, ord: 0 }, key: accountKey(account), credited });
    }
    return this.slots.get(identity)!;
  }

  /** Registers the accounts and key of an entry the batch may write. */
  reserve({ request, postings }: PreparedEntry): void {
    for (const posting of postings) {
      const credited = posting.amount > 0n || !isMemberAccount(posting.account);
      this.slotOf(request.merchantId, request.currency, posting.account, credited);
    }
    this.keys.set(entryKey(request.merchantId, request.idempotencyKey), {
      merchantId: request.merchantId,
      idempotencyKey: request.idempotencyKey,
    });
  }

  /** Registers an account whose balance the caller reads (`balanceOf`) without moving it. */
  reserveAccount(merchantId: number, currency: string, account: AccountRef): void {
    this.slotOf(merchantId, currency, account, !isMemberAccount(account));
  }

  /**
   * One round trip's statements: the missing rows opened (a member's by its first credit, a
   * merchant shard by any movement), every row locked in the one lock order, the taken keys.
   */
  firstStatements(): string[] {
    const ordered = [...this.slots.values()].sort(compareSlots);
    ordered.forEach((item, ord) => (item.slot.ord = ord));
    const opening = ordered.filter((item) => item.credited).map((item) => item.slot);
    // The keys are read after the locks: an entry of another transaction that held one of these
    // rows has committed by then and is seen (a replay, not a lost race).
    return [
      ...(opening.length > 0 ? [repo.openAccountsSql(opening)] : []),
      repo.lockAccountsSql(ordered.map((item) => item.slot)),
      repo.findEntriesByKeysSql([...this.keys.values()]),
    ];
  }

  /** Takes the answers of `firstStatements`, in their order. */
  load(answers: repo.RawRow[][]): void {
    this.stored = new Map(
      repo
        .parseStoredKeys(answers[answers.length - 1]!)
        .map((row) => [entryKey(row.merchantId, row.idempotencyKey), row]),
    );
    this.rows = new Map();
    for (const row of repo.parseLockedAccounts(answers[answers.length - 2]!)) {
      this.rows.set(row.ord, row);
    }
    this.balances = new Map([...this.rows].map(([ord, row]) => [ord, row.balance]));
    this.loaded = true;
  }

  /** The account's balance after the entries decided so far (0 for a row that does not exist). */
  balanceOf(merchantId: number, currency: string, account: AccountRef): bigint {
    const item = this.slotOf(merchantId, currency, account, false);
    return this.balances.get(item.slot.ord) ?? 0n;
  }

  /**
   * Decides the next entry against the balances so far, exactly as it would be answered alone: a
   * replay of a stored or an earlier entry of the batch, DUPLICATE_TRANSACTION,
   * INSUFFICIENT_BALANCE, or applied (in memory, until `writeStatement`). Answers its index.
   */
  decide(prepared: PreparedEntry): { index: number; decision: SetDecision } {
    const { request, postings, hash } = prepared;
    const index = this.decided.length;
    const decision = ((): SetDecision => {
      const key = entryKey(request.merchantId, request.idempotencyKey);
      const original = this.stored.get(key);
      if (original) {
        return original.requestHash === hash
          ? { type: 'replay-stored', entryId: original.id, createdAt: original.createdAt }
          : { type: 'error', error: new AppError('DUPLICATE_TRANSACTION') };
      }
      const earlier = this.started.get(key);
      if (earlier !== undefined) {
        return this.decided[earlier]!.prepared.hash === hash
          ? { type: 'replay-batch', of: earlier }
          : { type: 'error', error: new AppError('DUPLICATE_TRANSACTION') };
      }
      const targets = postings.map(
        (posting) =>
          this.slotOf(request.merchantId, request.currency, posting.account, posting.amount > 0n)
            .slot,
      );
      for (const [n, posting] of postings.entries()) {
        const slot = targets[n]!;
        const balance = this.balances.get(slot.ord) ?? 0n;
        if (slot.memberId !== null && balance + posting.amount < 0n) {
          return {
            type: 'error',
            error: new AppError('INSUFFICIENT_BALANCE', { balance: formatAmount(balance) }),
          };
        }
      }
      const lines = postings.map((posting, n) => {
        const slot = targets[n]!;
        const row = this.rows.get(slot.ord);
        // Only a credited row can be missing here, and credited rows were opened.
        if (!row) throw new Error('ledger: an account row of the batch was not locked');
        const balanceAfter = (this.balances.get(slot.ord) ?? 0n) + posting.amount;
        this.balances.set(slot.ord, balanceAfter);
        return {
          accountId: row.id,
          kind: slot.kind,
          memberId: slot.memberId,
          vendorCode: slot.vendorCode,
          shard: slot.shard,
          amount: posting.amount,
          balanceAfter,
        };
      });
      this.started.set(key, index);
      return { type: 'apply', lines };
    })();
    this.decided.push({ prepared, decision });
    return { index, decision };
  }

  /** Entries answered as replays of stored entries: their postings need one more read. */
  storedReplays(): number[] {
    return this.decided.flatMap(({ decision }) =>
      decision.type === 'replay-stored' ? [decision.entryId] : [],
    );
  }

  private applying() {
    return this.decided.flatMap(({ decision }, index) =>
      decision.type === 'apply' ? [{ index, lines: decision.lines }] : [],
    );
  }

  /** The one statement writing every applied entry; it answers the rows `results` reads. */
  writeStatement(): string {
    const applying = this.applying();
    const deltas = new Map<number, bigint>();
    for (const { lines } of applying) {
      for (const line of lines) {
        deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0n) + line.amount);
      }
    }
    const expected = new Map([...this.rows.values()].map((row) => [row.id, row.balance]));
    for (const { lines } of applying)
      for (const line of lines) expected.set(line.accountId, line.balanceAfter);
    return repo.writeBatchSql(
      applying.map(({ index }) => {
        const { request, hash } = this.decided[index]!.prepared;
        return entryRowOf(request, hash);
      }),
      [...deltas]
        .filter(([, delta]) => delta !== 0n)
        .map(([id, delta]) => ({ id, delta, expected: expected.get(id)! })),
      applying.flatMap(({ lines }, entry) =>
        lines.map((line) => ({
          entry,
          accountId: line.accountId,
          amount: line.amount,
          balanceAfter: line.balanceAfter,
        })),
      ),
    );
  }

  /** Every decided entry's answer, in the order decided, from the write statement's rows. */
  results(
    writtenRows: repo.RawRow[],
    replayedLines: Map<number, repo.StoredPosting[]> = new Map(),
  ): BatchOutcome[] {
    const applying = this.applying();
    const written = repo.parseWrittenEntries(writtenRows);
    const entries = new Map(written.map((row) => [applying[row.n]!.index, row] as const));
    const results: (EntryResult | undefined)[] = [];
    return this.decided.map(({ decision }, index): BatchOutcome => {
      switch (decision.type) {
        case 'error':
          return { ok: false, error: decision.error };
        case 'apply': {
          const entry = entries.get(index)!;
          const result = {
            entryId: entry.id,
            createdAt: entry.createdAt,
            replayed: false,
            lines: decision.lines,
          };
          results[index] = result;
          return { ok: true, result };
        }
        case 'replay-batch': {
          const original = results[decision.of]!;
          return {
            ok: true,
            result: {
              ...original,
              replayed: true,
              lines: original.lines.map((line) => ({ ...line })),
            },
          };
        }
        case 'replay-stored':
          return {
            ok: true,
            result: {
              entryId: decision.entryId,
              createdAt: decision.createdAt,
              replayed: true,
              lines: toLines(replayedLines.get(decision.entryId) ?? []),
            },
          };
      }
    });
  }
}

/**
 * Writes `batch` on the set path (two round trips; three when it replays stored entries): opens
 * and locks the accounts and reads the taken keys, decides every entry in order against the
 * locked balances, and writes them in one statement. Answers each entry as it would be answered
 * alone. `postEntryIn` is its batch of one; `postEntries` its many-entry form.
 */
export async function runSetBatch(run: Session, batch: PreparedEntry[]): Promise<BatchOutcome[]> {
  const set = new LedgerSetBatch();
  for (const prepared of batch) set.reserve(prepared);
  set.load(await run(set.firstStatements(), 'first'));
  for (const prepared of batch) set.decide(prepared);
  const replayed = set.storedReplays();
  const replayedLines =
    replayed.length > 0
      ? repo.parsePostingsOfEntries((await run([repo.postingsOfEntriesSql(replayed)]))[0]!)
      : new Map<number, repo.StoredPosting[]>();
  const written = (await run([set.writeStatement()], 'last'))[0]!;
  return set.results(written, replayedLines);
}
