import { z } from 'zod';
import { Amount, AmountInput, ClientRequestId } from './wallet.js';

/** The 6-digit payment password that authorises a member-to-member transfer. */
export const PaymentPasswordInput = z.string().min(1).max(32);

/** POST /wps/v2/wallets/transfer/downline: an agent sends money to an account of their team. */
export const DownlineTransferRequest = z.object({
  /** The receiving account's username (any depth below the agent). */
  username: z.string().trim().min(1).max(32),
  amount: AmountInput,
  paymentPassword: PaymentPasswordInput,
  clientRequestId: ClientRequestId,
});
export type DownlineTransferRequest = z.infer<typeof DownlineTransferRequest>;

/** POST /wps/v2/wallets/transfer/upline: an account sends money to its direct upline. */
export const UplineTransferRequest = z.object({
  amount: AmountInput,
  paymentPassword: PaymentPasswordInput,
  clientRequestId: ClientRequestId,
});
export type UplineTransferRequest = z.infer<typeof UplineTransferRequest>;

/** The limits of the caller's transfers of one kind, from the merchant's money settings. */
export const TransferLimits = z.object({
  minAmount: Amount,
  maxAmount: Amount,
  dailyAmount: Amount,
  /** What the caller may still send today (Asia/Manila day). */
  remainingToday: Amount,
});
export type TransferLimits = z.infer<typeof TransferLimits>;

/** GET /wps/v2/wallets/transfer/upline: what the transferUpline page shows. */
export const UplineTransferInfo = z.object({
  /** Null when the account has no upline (the page says so and offers no form). */
  upline: z.object({ displayName: z.string() }).nullable(),
  hasPaymentPassword: z.boolean(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  balance: Amount,
  limits: TransferLimits,
});
export type UplineTransferInfo = z.infer<typeof UplineTransferInfo>;

/** GET /wps/v2/wallets/transfer/downline: what the agent's transfer form shows. */
export const DownlineTransferInfo = z.object({
  hasPaymentPassword: z.boolean(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  balance: Amount,
  limits: TransferLimits,
});
export type DownlineTransferInfo = z.infer<typeof DownlineTransferInfo>;

/** The answer to a member-to-member transfer. */
export const MemberTransferResult = z.object({
  /** The ledger entry's id: the same on a replay of the same request. */
  transactionId: z.string(),
  amount: Amount,
  /** Who received it: a nickname or a masked username. */
  toDisplayName: z.string(),
  /** The caller's main wallet after the transfer. */
  balance: Amount,
  time: z.string(),
});
export type MemberTransferResult = z.infer<typeof MemberTransferResult>;

/** A username with its middle hidden: "ju***ez" (short names keep their first letter only). */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-2)}`;
}
