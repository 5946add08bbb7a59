import { z } from 'zod';
import { RowIdParam } from '../validation.js';
import { Amount } from '../wallet/wallet.js';
import { AdminPageFields, AdminReason, adminPage } from './admin-common.js';

/** The states of a transfer-wallet move (vendor_transfers.state). */
export const VENDOR_TRANSFER_STATES = ['pending', 'completed', 'failed', 'unresolved'] as const;
export const VendorTransferState = z.enum(VENDOR_TRANSFER_STATES);
export type VendorTransferState = z.infer<typeof VendorTransferState>;

/**
 * GET /admin/api/vendor-transfers (members.adjust): the merchant's moves between main wallets
 * and transfer-wallet vendors, newest first. `status` defaults to `unresolved` (the ones the
 * re-settle job gave up on); `all` lists every state.
 */
export const AdminVendorTransferQuery = z.object({
  status: z.enum([...VENDOR_TRANSFER_STATES, 'all']).default('unresolved'),
  memberId: RowIdParam.optional(),
  /** The member's username, exactly. */
  username: z.string().trim().min(1).max(64).optional(),
  vendorCode: z.string().trim().min(1).max(32).optional(),
  /** ISO instants on the transfer's creation; `from` included, `to` excluded. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  ...AdminPageFields,
});
export type AdminVendorTransferQuery = z.infer<typeof AdminVendorTransferQuery>;

export const AdminVendorTransfer = z.object({
  id: z.number().int(),
  transferUuid: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  vendorCode: z.string(),
  /** in: main wallet -> vendor; out: vendor -> main wallet. */
  direction: z.enum(['in', 'out']),
  amount: Amount,
  currency: z.string(),
  state: VendorTransferState,
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminVendorTransfer = z.infer<typeof AdminVendorTransfer>;
export const AdminVendorTransferPage = adminPage(AdminVendorTransfer);
export type AdminVendorTransferPage = z.infer<typeof AdminVendorTransferPage>;

/**
 * What the operator found out at the vendor about an unresolved transfer:
 * `vendor_credited` — the vendor applied it (fund in: the money is at the vendor; fund out: the
 * vendor paid it out to the main wallet), as a completed transfer;
 * `returned_to_member` — the vendor never applied it (the money goes back where it came from),
 * as a failed transfer.
 */
export const VENDOR_TRANSFER_OUTCOMES = ['vendor_credited', 'returned_to_member'] as const;
export const VendorTransferOutcome = z.enum(VENDOR_TRANSFER_OUTCOMES);
export type VendorTransferOutcome = z.infer<typeof VendorTransferOutcome>;

/** POST /admin/api/vendor-transfers/{id}/resolve (members.adjust); answers the ended transfer. */
export const ResolveVendorTransferRequest = z.object({
  outcome: VendorTransferOutcome,
  note: AdminReason,
});
export type ResolveVendorTransferRequest = z.infer<typeof ResolveVendorTransferRequest>;
