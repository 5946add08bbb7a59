import { z } from 'zod';
import { parseAmount } from '../money.js';

/** An amount the server sends: a decimal string with two places ("1234.50", "-12.05"). */
export const Amount = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * An amount a member sends: a decimal string with at most two places, above zero and at most
 * 16 digits before the point. Negative, zero, NaN, exponent and over-precision forms are refused
 * with the issue `invalid_amount`.
 */
export const AmountInput = z
  .string()
  .trim()
  .refine((text) => (parseAmount(text) ?? 0n) > 0n, { message: 'invalid_amount' });

/** A client-chosen id that makes a money request idempotent (a UUID from the form, say). */
export const ClientRequestId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

/** GET /wps/v2/wallets/balance: the main wallet, for the header. */
export const WalletBalance = z.object({
  balance: Amount,
  currency: z.string().length(3),
  currencySymbol: z.string(),
});
export type WalletBalance = z.infer<typeof WalletBalance>;

/** `main`, or the vendor code of a transfer-mode vendor's wallet. */
export const WalletName = z.string().trim().min(1).max(32);

export const WalletEntry = z.object({
  wallet: WalletName,
  /** The vendor's display name; null for the main wallet (the UI names it). */
  displayName: z.string().nullable(),
  balance: Amount,
});
export type WalletEntry = z.infer<typeof WalletEntry>;

/** GET /wps/member/info/funds/consolidated: the main wallet plus every vendor transfer wallet. */
export const ConsolidatedFunds = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  total: Amount,
  wallets: z.array(WalletEntry),
  /**
   * Money on its way between the main wallet and a game wallet, waiting for the vendor's
   * confirmation (counted in `total`, in no wallet).
   */
  inTransit: Amount.optional(),
});
export type ConsolidatedFunds = z.infer<typeof ConsolidatedFunds>;

/** GET /wps/v2/wallets/merchant: how this merchant keeps game money (session value merchantWallet). */
export const MerchantWallet = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  /** True when every vendor plays from the main wallet (no transfers needed). */
  consolidated: z.boolean(),
  transferWallets: z.array(z.object({ wallet: WalletName, displayName: z.string() })),
});
export type MerchantWallet = z.infer<typeof MerchantWallet>;

/** POST /wps/v2/wallets/transfer: between the main wallet and one vendor transfer wallet. */
export const WalletTransferRequest = z.object({
  from: WalletName,
  to: WalletName,
  amount: AmountInput,
  clientRequestId: ClientRequestId,
});
export type WalletTransferRequest = z.infer<typeof WalletTransferRequest>;
