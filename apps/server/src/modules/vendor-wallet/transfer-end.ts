import type { Db } from '../../db/client.js';
import { postEntryIn, type EntryResult } from '../ledger/index.js';
import { endTransfer } from './vendor-transfer.repository.js';

type EndingTransfer = {
  id: number;
  merchantId: number;
  memberId: number;
  transferUuid: string;
  direction: string;
  amount: bigint;
};

/**
 * Ends a transfer in `tx` (locked by the caller), moving its amount out of transit: to the
 * vendor wallet account (fund in completed, fund out failed) or to the main wallet (fund out
 * completed, fund in failed). The vendor client calls it on the vendor's answer, the back office
 * when an operator resolves an unresolved transfer (`extra` adds to the entry's reference).
 */
export async function endTransferWithEntry(
  tx: Db,
  transfer: EndingTransfer,
  credential: { vendorCode: string; currency: string },
  state: 'completed' | 'failed',
  options: { idempotencyKey: string; extra?: Record<string, string | number> },
): Promise<{ entry: EntryResult; toMain: boolean }> {
  const { vendorCode } = credential;
  const toMain = (transfer.direction === 'out') === (state === 'completed');
  const main = { kind: 'member_main' as const, memberId: transfer.memberId };
  const vendor = { kind: 'member_vendor' as const, memberId: transfer.memberId, vendorCode };
  const entry = await postEntryIn(tx, {
    merchantId: transfer.merchantId,
    currency: credential.currency,
    type: 'vendor_transfer',
    idempotencyKey: options.idempotencyKey,
    memberId: transfer.memberId,
    reference: {
      from: transfer.direction === 'in' ? 'main' : vendorCode,
      to: toMain ? 'main' : vendorCode,
      // The records name the vendor wallet by it (the other side is the in-transit account).
      vendorCode,
      transferId: transfer.transferUuid,
      outcome: state,
      ...options.extra,
    },
    postings: [
      { account: { kind: 'vendor_transfers_in_transit' }, amount: -transfer.amount },
      { account: toMain ? main : vendor, amount: transfer.amount },
    ],
  });
  await endTransfer(tx, transfer.id, state, entry.entryId);
  return { entry, toMain };
}
