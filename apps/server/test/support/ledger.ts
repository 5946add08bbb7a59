import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { members } from '../../src/db/schema/index.js';
import { postEntry } from '../../src/modules/ledger/ledger.service.js';

export const MERCHANT_ID = 1;
export const CURRENCY = 'PHP';

let sequence = 0;

/** A member row of the default merchant, for ledger tests that need an owner. */
export async function createMember(db: Db): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(members)
    .values({
      merchantId: MERCHANT_ID,
      username: `ledger${process.pid}x${sequence}x${Date.now() % 100000}`,
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: members.id });
  return row!.id;
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
