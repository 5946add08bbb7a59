import {
  formatAmount,
  type AdminVendorTransfer,
  type AdminVendorTransferPage,
  type AdminVendorTransferQuery,
  type ResolveVendorTransferRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditAction, pageWindow, type OperatorActor } from '../operator/index.js';
import { tellEntry, type EntryListener, type EntryResult } from '../ledger/index.js';
import { endTransferWithEntry, credentialById } from '../vendor-wallet/index.js';
import * as repo from './vendor-transfers.admin.repository.js';

/**
 * The back office's view of transfer-wallet moves (issue 5): the list, and the operator's
 * resolution of a transfer the re-settle job left `unresolved` (its money in the ledger's
 * `vendor_transfers_in_transit` account). The operator checks at the vendor what happened and
 * ends the transfer as the vendor client would have on that answer: `vendor_credited` as
 * completed, `returned_to_member` as failed. Only an unresolved transfer can be resolved, once.
 */

function toItem(view: NonNullable<Awaited<ReturnType<typeof repo.findVendorTransfer>>>) {
  const { row } = view;
  return {
    id: row.id,
    transferUuid: row.transferUuid,
    memberId: row.memberId,
    username: view.username,
    vendorCode: view.vendorCode,
    direction: row.direction as AdminVendorTransfer['direction'],
    amount: formatAmount(row.amount),
    currency: view.currency,
    state: row.state as AdminVendorTransfer['state'],
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies AdminVendorTransfer;
}

export async function listVendorTransfers(
  db: Db,
  merchantId: number,
  query: AdminVendorTransferQuery,
): Promise<AdminVendorTransferPage> {
  const { status, ...filter } = query;
  const { rows, total } = await repo.pageVendorTransfers(
    db,
    merchantId,
    { ...filter, state: status === 'all' ? undefined : status },
    pageWindow(query),
  );
  return { items: rows.map(toItem), page: query.page, size: query.size, total };
}

/**
 * Ends an unresolved transfer of the operator's merchant with the outcome the operator found
 * at the vendor. The amount leaves the in-transit account exactly as the vendor client's
 * `conclude` moves it on that answer: to the member's vendor wallet account (fund in credited,
 * fund out returned) or to the main wallet (fund out credited, fund in returned), under the key
 * `vendor-transfer-resolve:<id>`. The row is locked first, so two operators resolving at once
 * move the money once; the second gets VENDOR_TRANSFER_NOT_UNRESOLVED. Audited with the note.
 */
export async function resolveVendorTransfer(
  db: Db,
  actor: OperatorActor,
  id: number,
  request: ResolveVendorTransferRequest,
  onCredit?: EntryListener,
): Promise<AdminVendorTransfer> {
  let credit: { currency: string; entry: EntryResult } | null = null;
  await inTransaction(db, async (tx) => {
    const transfer = await repo.lockVendorTransfer(tx, actor.merchantId, id);
    if (!transfer) throw new AppError('NOT_FOUND');
    if (transfer.state !== 'unresolved') {
      throw new AppError('VENDOR_TRANSFER_NOT_UNRESOLVED', { state: transfer.state });
    }
    const credential = (await credentialById(tx, transfer.credentialId))!;
    const vendorCode = credential.vendorCode;
    const state = request.outcome === 'vendor_credited' ? 'completed' : 'failed';
    const { entry, toMain } = await endTransferWithEntry(tx, transfer, credential, state, {
      idempotencyKey: `vendor-transfer-resolve:${transfer.id}`,
      extra: { resolvedBy: actor.operatorId },
    });
    await auditAction(tx, actor, {
      action: 'vendor_transfer.resolved',
      subjectType: 'vendor_transfer',
      subjectId: transfer.transferUuid,
      before: { state: 'unresolved' },
      after: {
        state,
        outcome: request.outcome,
        note: request.note,
        id: transfer.id,
        memberId: transfer.memberId,
        vendorCode,
        direction: transfer.direction,
        amount: formatAmount(transfer.amount),
        to: toMain ? 'main' : vendorCode,
        ledgerEntryId: entry.entryId,
      },
    });
    if (toMain) credit = { currency: credential.currency, entry };
  });
  const done = credit as { currency: string; entry: EntryResult } | null;
  if (done) await tellEntry(onCredit, actor.merchantId, done.currency, done.entry);
  return toItem((await repo.findVendorTransfer(db, actor.merchantId, id))!);
}
