import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { auditLog, members, memberTree } from '../../src/db/schema/index.js';
import { randomIp } from './member-api.js';
import { operatorHeaders } from './operator-api.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the back office as an operator (`merchant`: the header a platform operator sends). */
export function adminApi(app: FastifyInstance) {
  return (token: string, method: Method, url: string, payload?: unknown, merchant?: string) =>
    app.inject({
      method,
      url,
      headers: operatorHeaders(token, merchant),
      remoteAddress: randomIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** The audit entries of one action on one subject, oldest first. */
export function auditsOf(db: Db, action: string, subjectId: string | number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId))))
    .orderBy(asc(auditLog.id));
}

/**
 * The closure table as `members.upline_id` implies it (each account with itself at depth 0 and
 * every ancestor at its distance), and as `member_tree` holds it, for one merchant; equal when the
 * tree is right.
 */
export async function closureOf(db: Db, merchantId: number) {
  const accounts = await db
    .select({ id: members.id, uplineId: members.uplineId })
    .from(members)
    .where(eq(members.merchantId, merchantId));
  const uplineOf = new Map(accounts.map((a) => [a.id, a.uplineId]));
  const expected: string[] = [];
  for (const account of accounts) {
    let depth = 0;
    for (let at: number | null | undefined = account.id; at != null; at = uplineOf.get(at)) {
      expected.push(`${at}>${account.id}@${depth}`);
      depth += 1;
    }
  }
  const stored = (
    await db.select().from(memberTree).where(eq(memberTree.merchantId, merchantId))
  ).map((row) => `${row.ancestorId}>${row.descendantId}@${row.depth}`);
  return { expected: expected.sort(), stored: stored.sort() };
}
