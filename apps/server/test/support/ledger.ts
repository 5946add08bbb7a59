import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { postEntry } from '../../src/modules/ledger/ledger.service.js';
import { insertMember } from '../../src/modules/member/member.repository.js';

export const MERCHANT_ID = 1;
export const CURRENCY = 'PHP';

let sequence = 0;

/**
 * A member row of the default merchant, in the agent tree like every account: at the top, or
 * under `options.uplineId`.
 */
export async function createMember(
  db: Db,
  options: { uplineId?: number; type?: number; username?: string } = {},
): Promise<number> {
  sequence += 1;
  const row = await insertMember(db, {
    merchantId: MERCHANT_ID,
    username: options.username ?? `ledger${process.pid}x${sequence}x${Date.now() % 100000}`,
    passwordHash: 'not-a-real-hash',
    type: options.type ?? 0,
    uplineId: options.uplineId ?? null,
  });
  return row.id;
}

/** Credits the member's main wallet from payments in transit, as a completed deposit does. */
export async function fund(db: Db, memberId: number, amount: bigint, key: string = randomUUID()) {
  return postEntry(db, {
    merchantId: MERCHANT_ID,
    currency: CURRENCY,
    type: 'deposit',
    idempotencyKey: key,
    memberId,
    postings: [
      { account: { kind: 'member_main', memberId }, amount },
      { account: { kind: 'payments_in_transit' }, amount: -amount },
    ],
  });
}
