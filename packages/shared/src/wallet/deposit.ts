import { z } from 'zod';
import { Amount, AmountInput, ClientRequestId } from './wallet.js';

/** How a deposit is made: by the member and checked by an operator, or through a gateway. */
export const DepositKind = z.enum(['manual', 'online']);
export type DepositKind = z.infer<typeof DepositKind>;

export const DepositMethod = z.enum(['bank', 'gcash', 'maya', 'ewallet']);
export type DepositMethod = z.infer<typeof DepositMethod>;

/**
 * pending: waiting for an operator (manual) or the gateway (online); credited: the amount is in
 * the main wallet; rejected: an operator refused it; failed: the gateway says it was not paid.
 * approved is reserved for a decision whose credit is not yet written (not used today: an
 * approval credits in the same transaction).
 */
export const DepositStatus = z.enum(['pending', 'approved', 'rejected', 'credited', 'failed']);
export type DepositStatus = z.infer<typeof DepositStatus>;

/** One way to deposit, as the deposit page shows it. */
export const DepositChannel = z.object({
  id: z.number().int(),
  kind: DepositKind,
  method: DepositMethod,
  /** The name in the caller's language. */
  name: z.string(),
  /** Whom to pay and where (manual channels); null for online channels. */
  payee: z
    .object({ name: z.string(), account: z.string(), bank: z.string().nullable() })
    .nullable(),
  minAmount: Amount,
  maxAmount: Amount,
});
export type DepositChannel = z.infer<typeof DepositChannel>;

export const DepositChannelList = z.array(DepositChannel);

/** The receipt image: a JPEG or PNG data URL of at most 5 MB (checked like KYC images). */
export const ReceiptImage = z.string().min(1).max(7_200_000);

/** PUT /wps/deposit/manual. */
export const ManualDepositRequest = z.object({
  channelId: z.number().int().positive(),
  amount: AmountInput,
  /** The reference number of the member's transfer (bank or e-wallet). */
  reference: z.string().trim().min(1).max(64),
  receipt: ReceiptImage,
  clientRequestId: ClientRequestId,
});
export type ManualDepositRequest = z.infer<typeof ManualDepositRequest>;

/** PUT /wps/deposit/online. */
export const OnlineDepositRequest = z.object({
  channelId: z.number().int().positive(),
  amount: AmountInput,
  clientRequestId: ClientRequestId,
});
export type OnlineDepositRequest = z.infer<typeof OnlineDepositRequest>;

export const OnlineDepositCreated = z.object({
  depositId: z.number().int(),
  /** The gateway's checkout page; the browser goes there next. */
  redirectUrl: z.string(),
});
export type OnlineDepositCreated = z.infer<typeof OnlineDepositCreated>;

/** A deposit as its member sees it. */
export const Deposit = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  kind: DepositKind,
  amount: Amount,
  currency: z.string().length(3),
  status: DepositStatus,
  reference: z.string().nullable(),
  /** Why an operator rejected it. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

export const DepositIdParams = z.object({ id: z.coerce.number().int().positive() });

export const DepositListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  status: DepositStatus.optional(),
});
export type DepositListQuery = z.infer<typeof DepositListQuery>;

export const DepositPage = z.object({
  items: z.array(Deposit),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type DepositPage = z.infer<typeof DepositPage>;

/** GET /admin/api/deposits: the operators' queue. */
export const AdminDepositQuery = DepositListQuery.extend({ status: DepositStatus.optional() });
export type AdminDepositQuery = z.infer<typeof AdminDepositQuery>;

export const AdminDeposit = Deposit.extend({
  memberId: z.number().int(),
  username: z.string(),
  channelName: z.string(),
  hasReceipt: z.boolean(),
  decidedBy: z.number().int().nullable(),
  ledgerEntryId: z.number().int().nullable(),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

export const AdminDepositPage = DepositPage.extend({ items: z.array(AdminDeposit) });

export const RejectDepositRequest = z.object({ reason: z.string().trim().min(1).max(500) });
export type RejectDepositRequest = z.infer<typeof RejectDepositRequest>;

/** What the platform answers a gateway's callback it accepted. */
export const GatewayCallbackAck = z.object({
  /** credited, failed, or duplicate (already handled: nothing moved this time). */
  verdict: z.string(),
});

/** A deposit channel as the back office configures it (GET /admin/api/deposit-channels). */
export const AdminDepositChannel = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: DepositKind,
  method: DepositMethod,
  names: z.object({ EN: z.string(), TL: z.string() }),
  payee: z.object({
    name: z.string().nullable(),
    account: z.string().nullable(),
    bank: z.string().nullable(),
  }),
  minAmount: Amount,
  maxAmount: Amount,
  enabled: z.boolean(),
  sequence: z.number().int(),
  /** The gateway of an online channel; null for manual channels. */
  gatewayCode: z.string().nullable(),
});
export type AdminDepositChannel = z.infer<typeof AdminDepositChannel>;

export const AdminDepositChannelList = z.array(AdminDepositChannel);

const channelText = (max: number) => z.string().trim().min(1).max(max);

/**
 * PUT /admin/api/deposit-channels/{id}: the fields to change (at least one). Limits are amounts
 * above zero with at most two decimals; the resulting max must be at least the resulting min.
 */
export const UpdateDepositChannelRequest = z
  .object({
    minAmount: AmountInput,
    maxAmount: AmountInput,
    enabled: z.boolean(),
    names: z.object({ EN: channelText(100), TL: channelText(100) }),
    payee: z.object({
      name: channelText(100),
      account: channelText(64),
      bank: z.string().trim().max(100).nullable(),
    }),
    sequence: z.number().int().min(0).max(9999),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty_update' });
export type UpdateDepositChannelRequest = z.infer<typeof UpdateDepositChannelRequest>;
