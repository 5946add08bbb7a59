import type { Db } from '../../db/client.js';
import { feedback } from '../../db/schema/index.js';

export async function insertFeedback(db: Db, row: typeof feedback.$inferInsert): Promise<void> {
  await db.insert(feedback).values(row);
}
