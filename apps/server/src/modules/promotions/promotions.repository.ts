import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { promotionCampaigns, promotionParticipations } from '../../db/schema/index.js';

export type CampaignRow = typeof promotionCampaigns.$inferSelect;
export type ParticipationRow = typeof promotionParticipations.$inferSelect;

export async function insertCampaign(
  db: Db,
  row: typeof promotionCampaigns.$inferInsert,
): Promise<CampaignRow> {
  const [inserted] = await db.insert(promotionCampaigns).values(row).returning();
  return inserted!;
}

/** The merchant's campaign, locked until the transaction ends (claims count its budget). */
export async function lockCampaign(
  tx: Db,
  merchantId: number,
  campaignId: number,
): Promise<CampaignRow | null> {
  const [row] = await tx
    .select()
    .from(promotionCampaigns)
    .where(
      and(eq(promotionCampaigns.id, campaignId), eq(promotionCampaigns.merchantId, merchantId)),
    )
    .for('update');
  return row ?? null;
}

export async function findCampaign(
  db: Db,
  merchantId: number,
  campaignId: number,
): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(promotionCampaigns)
    .where(
      and(eq(promotionCampaigns.id, campaignId), eq(promotionCampaigns.merchantId, merchantId)),
    );
  return row ?? null;
}

/** Every campaign members may see (not drafts), oldest start first. */
export function visibleCampaigns(db: Db, merchantId: number): Promise<CampaignRow[]> {
  return db
    .select()
    .from(promotionCampaigns)
    .where(
      and(eq(promotionCampaigns.merchantId, merchantId), ne(promotionCampaigns.state, 'draft')),
    )
    .orderBy(asc(promotionCampaigns.startsAt), asc(promotionCampaigns.id));
}

/** Counts a paid grant against the campaign's budget and receivers. */
export async function addSpent(tx: Db, campaignId: number, amount: bigint): Promise<void> {
  await tx
    .update(promotionCampaigns)
    .set({
      paid: sql`${promotionCampaigns.paid} + ${amount}`,
      receivers: sql`${promotionCampaigns.receivers} + 1`,
    })
    .where(eq(promotionCampaigns.id, campaignId));
}

/** Inserts the participation unless one exists for its period; null when it does. */
export async function insertParticipation(
  tx: Db,
  row: typeof promotionParticipations.$inferInsert,
): Promise<ParticipationRow | null> {
  const [inserted] = await tx
    .insert(promotionParticipations)
    .values(row)
    .onConflictDoNothing({
      target: [
        promotionParticipations.campaignId,
        promotionParticipations.memberId,
        promotionParticipations.periodKey,
      ],
    })
    .returning();
  return inserted ?? null;
}

async function lockParticipationWhere(
  tx: Db,
  condition: SQL | undefined,
): Promise<ParticipationRow | null> {
  const [row] = await tx.select().from(promotionParticipations).where(condition).for('update');
  return row ?? null;
}

/** The member's participation in the campaign's period, locked until the transaction ends. */
export function lockPeriodParticipation(
  tx: Db,
  campaignId: number,
  memberId: number,
  periodKey: string,
): Promise<ParticipationRow | null> {
  return lockParticipationWhere(
    tx,
    and(
      eq(promotionParticipations.campaignId, campaignId),
      eq(promotionParticipations.memberId, memberId),
      eq(promotionParticipations.periodKey, periodKey),
    ),
  );
}

/** The member's own participation by id, locked; null for another member's or merchant's. */
export function lockOwnParticipation(
  tx: Db,
  merchantId: number,
  memberId: number,
  participationId: number,
): Promise<ParticipationRow | null> {
  return lockParticipationWhere(
    tx,
    and(
      eq(promotionParticipations.id, participationId),
      eq(promotionParticipations.merchantId, merchantId),
      eq(promotionParticipations.memberId, memberId),
    ),
  );
}

export async function updateParticipation(
  tx: Db,
  id: number,
  patch: Partial<
    Pick<ParticipationRow, 'state' | 'qualifying' | 'reward' | 'grantId' | 'reason' | 'terms'>
  >,
): Promise<ParticipationRow> {
  const [row] = await tx
    .update(promotionParticipations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(promotionParticipations.id, id))
    .returning();
  return row!;
}

/** How many grants of the campaign the member received (claims made, in any period). */
export async function grantsReceived(
  tx: Db,
  campaignId: number,
  memberId: number,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(promotionParticipations)
    .where(
      and(
        eq(promotionParticipations.campaignId, campaignId),
        eq(promotionParticipations.memberId, memberId),
        inArray(promotionParticipations.state, ['process', 'claimed', 'forfeited']),
      ),
    );
  return row?.n ?? 0;
}

/** The member's participations in these campaigns, newest first. */
export function participationsOf(
  db: Db,
  memberId: number,
  campaignIds: number[],
): Promise<ParticipationRow[]> {
  if (campaignIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(promotionParticipations)
    .where(
      and(
        eq(promotionParticipations.memberId, memberId),
        inArray(promotionParticipations.campaignId, campaignIds),
      ),
    )
    .orderBy(sql`${promotionParticipations.id} desc`);
}
