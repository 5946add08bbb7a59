import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnsEqual } from '../../db/columns-equal.js';
import {
  gameBalanceRequests,
  gameCategories,
  merchants,
  vendorTransfers,
  gameRounds,
  gameSessions,
  gameTransactions,
  games,
  members,
  vendorCredentials,
  vendors,
  type GameSessionRevocation,
} from '../../db/schema/index.js';

export type CredentialRow = typeof vendorCredentials.$inferSelect;

export async function findCredential(
  db: Db,
  merchantId: number,
  vendorCode: string,
): Promise<CredentialRow | undefined> {
  const [row] = await db
    .select()
    .from(vendorCredentials)
    .where(columnsEqual(vendorCredentials, { merchantId, vendorCode }));
  return row;
}

export type PlayerRow = {
  id: number;
  username: string;
  nickname: string | null;
  status: string;
  type: number;
};

export async function findPlayer(
  db: Db,
  merchantId: number,
  username: string,
): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select({
      id: members.id,
      username: members.username,
      nickname: members.nickname,
      status: members.status,
      type: members.type,
    })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.username, username.toLowerCase())));
  return row;
}

export async function insertSession(db: Db, row: typeof gameSessions.$inferInsert): Promise<void> {
  await db.insert(gameSessions).values(row);
}

export async function findSession(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      merchantId: gameSessions.merchantId,
      memberId: gameSessions.memberId,
      vendorCode: gameSessions.vendorCode,
      expiresAt: gameSessions.expiresAt,
      revokedReason: gameSessions.revokedReason,
    })
    .from(gameSessions)
    .where(eq(gameSessions.tokenHash, tokenHash));
  return row;
}

/**
 * Ends every open game of the member at once (decision 018: self-exclusion, lock, restriction,
 * password change): the vendor wallet refuses new bets on them; wins and rollbacks still pay.
 */
export async function revokeGameSessions(
  db: Db,
  memberId: number,
  reason: GameSessionRevocation,
): Promise<void> {
  await db
    .update(gameSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(gameSessions.memberId, memberId),
        isNull(gameSessions.revokedAt),
        gt(gameSessions.expiresAt, sql`now()`),
      ),
    );
}

export async function findVendor(db: Db, merchantId: number, vendorId: number) {
  const [row] = await db
    .select({ id: vendors.id, code: vendors.code })
    .from(vendors)
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.id, vendorId)));
  return row;
}

/** The catalogue game a vendor's game code names at this merchant (any of the vendor's rows). */
export async function findGame(db: Db, merchantId: number, vendorCode: string, gameCode: string) {
  const [row] = await db
    .select({ gameType: games.gameType })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(columnsEqual(games, { merchantId, gameCode }), eq(vendors.code, vendorCode)))
    .limit(1);
  return row;
}

export type TransactionRow = typeof gameTransactions.$inferSelect;

/**
 * Takes the transaction id for this call. Undefined when it is taken: a concurrent call with the
 * same id waits here until the first commits (or rolls back, and then this one takes it).
 */
export async function claimTransaction(
  tx: Db,
  row: Pick<
    typeof gameTransactions.$inferInsert,
    | 'merchantId'
    | 'credentialId'
    | 'memberId'
    | 'kind'
    | 'transactionUuid'
    | 'referenceUuid'
    | 'state'
  >,
): Promise<number | undefined> {
  const [claimed] = await tx
    .insert(gameTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: gameTransactions.id });
  return claimed?.id;
}

export async function lockTransaction(
  tx: Db,
  credentialId: number,
  transactionUuid: string,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(gameTransactions)
    .where(columnsEqual(gameTransactions, { credentialId, transactionUuid }))
    .for('update');
  return row;
}

export async function updateTransaction(
  tx: Db,
  id: number,
  set: Partial<
    Pick<
      TransactionRow,
      'roundPk' | 'amount' | 'state' | 'settled' | 'contentHash' | 'response' | 'ledgerEntryId'
    >
  >,
): Promise<void> {
  await tx.update(gameTransactions).set(set).where(eq(gameTransactions.id, id));
}

export type RoundRow = typeof gameRounds.$inferSelect;

/**
 * Opens the round or adds a bet to it, in one statement that also locks it; undefined when the
 * round is closed (nothing changed).
 */
export async function addBetToRound(
  tx: Db,
  round: {
    merchantId: number;
    memberId: number;
    vendorCode: string;
    roundId: string;
    gameCode: string;
    gameCategory: string;
    currency: string;
    amount: bigint;
    close: boolean;
  },
): Promise<RoundRow | undefined> {
  const [row] = await tx
    .insert(gameRounds)
    .values({
      merchantId: round.merchantId,
      memberId: round.memberId,
      vendorCode: round.vendorCode,
      roundId: round.roundId,
      gameCode: round.gameCode,
      gameCategory: round.gameCategory,
      currency: round.currency,
      betTotal: round.amount,
      betCount: 1,
      closed: round.close,
    })
    .onConflictDoUpdate({
      target: [
        gameRounds.merchantId,
        gameRounds.vendorCode,
        gameRounds.memberId,
        gameRounds.roundId,
      ],
      set: {
        betTotal: sql`${gameRounds.betTotal} + excluded.bet_total`,
        betCount: sql`${gameRounds.betCount} + 1`,
        closed: sql`${gameRounds.closed} or excluded.closed`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`not ${gameRounds.closed}`,
    })
    .returning();
  return row;
}

/** Adds a win or a rollback to a round (and closes it when the call says so). */
export async function settleOnRound(
  tx: Db,
  roundPk: number,
  change: { win?: bigint; refund?: bigint; close: boolean },
): Promise<RoundRow> {
  const [row] = await tx
    .update(gameRounds)
    .set({
      winTotal: sql`${gameRounds.winTotal} + ${change.win ?? 0n}`,
      winCount: sql`${gameRounds.winCount} + ${change.win === undefined ? 0 : 1}`,
      refundTotal: sql`${gameRounds.refundTotal} + ${change.refund ?? 0n}`,
      rollbackCount: sql`${gameRounds.rollbackCount} + ${change.refund === undefined ? 0 : 1}`,
      closed: sql`${gameRounds.closed} or ${change.close}`,
      updatedAt: sql`now()`,
    })
    .where(eq(gameRounds.id, roundPk))
    .returning();
  return row!;
}

export async function findRound(db: Db, roundPk: number): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(gameRounds).where(eq(gameRounds.id, roundPk));
  return row;
}

export async function findBalanceAnswer(db: Db, credentialId: number, requestUuid: string) {
  const [row] = await db
    .select({
      contentHash: gameBalanceRequests.contentHash,
      response: gameBalanceRequests.response,
    })
    .from(gameBalanceRequests)
    .where(columnsEqual(gameBalanceRequests, { credentialId, requestUuid }));
  return row;
}

/** Stores a balance answer unless another call stored one first; true when this one did. */
export async function storeBalanceAnswer(
  db: Db,
  row: typeof gameBalanceRequests.$inferInsert,
): Promise<boolean> {
  const stored = await db
    .insert(gameBalanceRequests)
    .values(row)
    .onConflictDoNothing()
    .returning({ requestUuid: gameBalanceRequests.requestUuid });
  return stored.length > 0;
}

/** One line of the winners board (SPEC section 3, winner entry). */
export type RecentWin = {
  /** The game's name per language; the game code when the catalogue no longer lists it. */
  gameName: { EN: string; TL: string };
  gameType: string;
  /** The winner's username, masked: first two and last two characters. */
  customerName: string;
  /** Minor units. */
  winAmount: bigint;
  gameTime: Date;
  vendor: string;
  /** The catalogue game (nodeId) and its icon, when it is still listed. */
  nodeId: number | null;
  iconUrl: string | null;
};

/** ab****yz: enough to recognise oneself, not enough to find anyone. */
export function maskUsername(username: string): string {
  if (username.length <= 4) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}****${username.slice(-2)}`;
}

/** The latest paid wins of the merchant (winners board), newest first. */
export async function listRecentWins(
  db: Db,
  merchantId: number,
  limit: number,
): Promise<RecentWin[]> {
  const rows = await db
    .select({
      gameCode: gameRounds.gameCode,
      gameType: gameRounds.gameCategory,
      username: members.username,
      amount: gameTransactions.amount,
      time: gameTransactions.createdAt,
      vendorCode: gameRounds.vendorCode,
      game: sql<{
        id: number;
        name: { EN: string; TL: string };
        iconUrl: string;
      } | null>`(select json_build_object('id', g.id, 'name', g.name, 'iconUrl', g.icon_url)
                   from ${games} g join ${vendors} v on v.id = g.vendor_id
                  where g.merchant_id = ${gameRounds.merchantId} and v.code = ${gameRounds.vendorCode}
                    and g.game_code = ${gameRounds.gameCode}
                  order by g.id limit 1)`,
    })
    .from(gameTransactions)
    .innerJoin(gameRounds, eq(gameRounds.id, gameTransactions.roundPk))
    .innerJoin(members, eq(members.id, gameTransactions.memberId))
    .where(
      and(
        eq(gameTransactions.merchantId, merchantId),
        eq(gameTransactions.kind, 'win'),
        sql`${gameTransactions.amount} > 0`,
      ),
    )
    .orderBy(desc(gameTransactions.createdAt), desc(gameTransactions.id))
    .limit(limit);
  return rows.map((row) => ({
    gameName: row.game?.name ?? { EN: row.gameCode, TL: row.gameCode },
    gameType: row.gameType,
    customerName: maskUsername(row.username),
    winAmount: row.amount,
    gameTime: row.time,
    vendor: row.vendorCode,
    nodeId: row.game?.id ?? null,
    iconUrl: row.game?.iconUrl || null,
  }));
}

export async function credentialById(db: Db, id: number): Promise<CredentialRow | undefined> {
  const [row] = await db.select().from(vendorCredentials).where(eq(vendorCredentials.id, id));
  return row;
}

/** What a call to a vendor names the member by: username, and the merchant's code. */
export async function findMemberAndMerchant(db: Db, merchantId: number, memberId: number) {
  const [row] = await db
    .select({ username: members.username, merchantCode: merchants.code })
    .from(members)
    .innerJoin(merchants, eq(merchants.id, members.merchantId))
    .where(and(eq(members.merchantId, merchantId), eq(members.id, memberId)));
  return row;
}

/** The category code of a vendor (its first catalogue row). */
export async function vendorCategory(
  db: Db,
  merchantId: number,
  vendorCode: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ code: gameCategories.code })
    .from(vendors)
    .innerJoin(gameCategories, eq(gameCategories.id, vendors.categoryId))
    .where(and(eq(vendors.merchantId, merchantId), eq(vendors.code, vendorCode)))
    .orderBy(vendors.id)
    .limit(1);
  return row?.code;
}

export type TransferRow = typeof vendorTransfers.$inferSelect;

export async function insertTransfer(
  db: Db,
  row: Pick<
    typeof vendorTransfers.$inferInsert,
    | 'merchantId'
    | 'memberId'
    | 'credentialId'
    | 'direction'
    | 'amount'
    | 'transferUuid'
    | 'ledgerEntryId'
  >,
): Promise<number> {
  const [inserted] = await db
    .insert(vendorTransfers)
    .values(row)
    .returning({ id: vendorTransfers.id });
  return inserted!.id;
}

export async function findTransfer(db: Db, id: number): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(vendorTransfers).where(eq(vendorTransfers.id, id));
  return row;
}

export async function countAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(vendorTransfers)
    .set({ attempts: sql`${vendorTransfers.attempts} + 1`, updatedAt: sql`now()` })
    .where(eq(vendorTransfers.id, id));
}

/** The transfer, locked, while it is still pending; undefined once it has ended. */
export async function lockPendingTransfer(tx: Db, id: number): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(vendorTransfers)
    .where(and(eq(vendorTransfers.id, id), eq(vendorTransfers.state, 'pending')))
    .for('update');
  return row;
}

/**
 * Ends a transfer. The entry that moved money now is the fund-out's credit of the main wallet
 * (kept as its ledger entry) or the failed fund-in's way back (its reverse entry).
 */
export async function endTransfer(
  tx: Db,
  id: number,
  state: 'completed' | 'failed',
  entryId: number | null,
  direction: string,
): Promise<void> {
  await tx
    .update(vendorTransfers)
    .set({
      state,
      updatedAt: sql`now()`,
      ...(entryId === null
        ? {}
        : direction === 'out'
          ? { ledgerEntryId: entryId }
          : { reverseEntryId: entryId }),
    })
    .where(eq(vendorTransfers.id, id));
}
