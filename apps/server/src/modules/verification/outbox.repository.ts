import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

/** Keeps a message the development outbox provider delivered. */
export async function insertOutboxMessage(
  db: Db,
  row: typeof outboxMessages.$inferInsert,
): Promise<void> {
  await db.insert(outboxMessages).values(row);
}

/** The latest 20 outbox messages, newest first, optionally to one destination. */
export function latestOutboxMessages(db: Db, destination: string | undefined) {
  return db
    .select()
    .from(outboxMessages)
    .where(destination ? eq(outboxMessages.destination, destination) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(20);
}
