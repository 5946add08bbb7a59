import { z } from 'zod';
import { orderListQuery, orderPage, RejectOrderRequest } from './payment-order.js';
import { RowId, RowIdParam } from '../validation.js';
import { parseAmount } from '../money.js';
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

/** Who pays a channel's fee: the member (credited the amount less the fee) or the merchant. */
export const FeeBearer = z.enum(['member', 'merchant']);
export type FeeBearer = z.infer<typeof FeeBearer>;

/** The highest fee rate a channel may have: 50 % (5000 basis points). */
export const MAX_FEE_RATE_BP = 5000;

/** A channel's fee rule, in minor units; `max` null means no cap. */
export type FeeRule = { rateBp: number; fixed: bigint; min: bigint; max: bigint | null };

/**
 * The channel fee of one deposit of `amount` minor units: `rateBp` basis points of the amount
 * (rounded half up to the centavo) plus `fixed`, then raised to `min` and lowered to `max`. The
 * server posts exactly this; the deposit form shows it before the member pays.
 */
export function channelFee(amount: bigint, rule: FeeRule): bigint {
  let fee = (amount * BigInt(rule.rateBp) + 5000n) / 10000n + rule.fixed;
  if (fee < rule.min) fee = rule.min;
  if (rule.max !== null && fee > rule.max) fee = rule.max;
  return fee;
}

/** A channel's fee as the API carries it (amounts as decimal strings). */
export const ChannelFee = z.object({
  rateBp: z.number().int(),
  fixed: Amount,
  min: Amount,
  max: Amount.nullable(),
  bearer: FeeBearer,
});
export type ChannelFee = z.infer<typeof ChannelFee>;

/** The fee rule of a channel fee as the API carries it. */
export function feeRuleOf(fee: ChannelFee): FeeRule {
  return {
    rateBp: fee.rateBp,
    fixed: parseAmount(fee.fixed) ?? 0n,
    min: parseAmount(fee.min) ?? 0n,
    max: fee.max === null ? null : (parseAmount(fee.max) ?? null),
  };
}

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
  fee: ChannelFee,
});
export type DepositChannel = z.infer<typeof DepositChannel>;

export const DepositChannelList = z.array(DepositChannel);

/** The receipt image: a JPEG or PNG data URL of at most 5 MB (checked like KYC images). */
export const ReceiptImage = z.string().min(1).max(7_200_000);

/** PUT /wps/deposit/manual. */
export const ManualDepositRequest = z.object({
  channelId: RowId,
  amount: AmountInput,
  /** The reference number of the member's transfer (bank or e-wallet). */
  reference: z.string().trim().min(1).max(64),
  receipt: ReceiptImage,
  clientRequestId: ClientRequestId,
});
export type ManualDepositRequest = z.infer<typeof ManualDepositRequest>;

/** PUT /wps/deposit/online. */
export const OnlineDepositRequest = z.object({
  channelId: RowId,
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
  /** The channel fee fixed when the deposit was made, and who bears it. */
  fee: Amount,
  feeBearer: FeeBearer,
  /** What reaches the main wallet once credited: the amount, less the fee if the member bears it. */
  creditAmount: Amount,
  currency: z.string().length(3),
  status: DepositStatus,
  reference: z.string().nullable(),
  /** Why an operator rejected it. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

export const DepositIdParams = z.object({ id: RowIdParam });

export const DepositListQuery = orderListQuery(DepositStatus);
export type DepositListQuery = z.infer<typeof DepositListQuery>;

export const DepositPage = orderPage(Deposit);
export type DepositPage = z.infer<typeof DepositPage>;

/** GET /admin/api/deposits: the operators' queue. */
export const AdminDepositQuery = DepositListQuery;
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

export const AdminDepositPage = orderPage(AdminDeposit);

export const RejectDepositRequest = RejectOrderRequest;
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
  fee: ChannelFee,
});
export type AdminDepositChannel = z.infer<typeof AdminDepositChannel>;

export const AdminDepositChannelList = z.array(AdminDepositChannel);

const channelText = (max: number) => z.string().trim().min(1).max(max);

/** A fee amount: zero or more, at most two decimals. */
const FeeAmountInput = z
  .string()
  .trim()
  .refine((text) => parseAmount(text) !== null, { message: 'invalid_fee_amount' });

/**
 * A channel's fee as an operator sets it: rate 0 to 50 % in basis points, fixed part, min and
 * max (null: no cap) with max >= min. The whole rule is sent at once.
 */
export const ChannelFeeInput = z
  .object({
    rateBp: z
      .number({ message: 'fee_rate' })
      .int({ message: 'fee_rate' })
      .min(0, { message: 'fee_rate' })
      .max(MAX_FEE_RATE_BP, { message: 'fee_rate' }),
    fixed: FeeAmountInput,
    min: FeeAmountInput,
    max: FeeAmountInput.nullable(),
    bearer: FeeBearer,
  })
  .strict()
  .superRefine((fee, ctx) => {
    const min = parseAmount(fee.min);
    const max = fee.max === null ? null : parseAmount(fee.max);
    if (min !== null && max !== null && max < min) {
      ctx.addIssue({ code: 'custom', message: 'max_below_min', path: ['max'] });
    }
  });
export type ChannelFeeInput = z.infer<typeof ChannelFeeInput>;

/**
 * PUT /admin/api/deposit-channels/{id}: the fields to change (at least one). Limits are amounts
 * above zero with at most two decimals; the resulting max must be at least the resulting min.
 * A member-borne fee must stay below the channel's minimum amount (every deposit credits something).
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
    fee: ChannelFeeInput,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'empty_update' });
export type UpdateDepositChannelRequest = z.infer<typeof UpdateDepositChannelRequest>;
