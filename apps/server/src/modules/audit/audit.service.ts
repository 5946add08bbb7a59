import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import * as repo from './audit.repository.js';

/** The hash the first row chains to. */
export const GENESIS_HASH = '0'.repeat(64);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type AuditEntry = {
  merchantId: number | null;
  actorType: 'member' | 'operator' | 'system';
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before?: Json;
  after?: Json;
  ip?: string | null;
};

type Stored = Required<AuditEntry> & { createdAt: Date };

function rowHash(prevHash: string, row: Stored): string {
  const content = canonicalJson({
    merchantId: row.merchantId,
    actorType: row.actorType,
    actorId: row.actorId,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  });
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

/**
 * Appends one entry, chained to the last. Runs in its own transaction (or the caller's), holding
 * a transaction-scoped advisory lock so concurrent appends from any process queue up.
 */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await repo.withChainHead(db, async (tx, lastHash) => {
    const prevHash = lastHash ?? GENESIS_HASH;
    const row: Stored = {
      before: null,
      after: null,
      ip: null,
      ...entry,
      createdAt: new Date(),
    };
    await repo.insertAuditRow(tx, { ...row, prevHash, hash: rowHash(prevHash, row) });
  });
}

export type ChainReport = { rows: number; brokenAt: number | null; reason: string | null };

/** Walks the whole log in id order and reports the first row whose chain or content is wrong. */
export async function verifyAuditChain(db: Db, pageSize = 1000): Promise<ChainReport> {
  let prevHash = GENESIS_HASH;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = await repo.auditPage(db, afterId, pageSize);
    if (page.length === 0) return { rows, brokenAt: null, reason: null };
    for (const row of page) {
      if (row.prevHash !== prevHash) {
        return { rows, brokenAt: row.id, reason: 'a row before it was removed or changed' };
      }
      const stored = { ...row, actorType: row.actorType as AuditEntry['actorType'] } as Stored;
      if (rowHash(prevHash, stored) !== row.hash) {
        return { rows, brokenAt: row.id, reason: 'its content was changed' };
      }
      prevHash = row.hash;
      afterId = row.id;
      rows += 1;
    }
  }
}
