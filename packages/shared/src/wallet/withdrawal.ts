import { z } from 'zod';
import { orderListQuery, orderPage, RejectOrderRequest } from './payment-order.js';
import { RowId, RowIdParam } from '../validation.js';
import { Amount, ClientRequestId } from './wallet.js';

/** Where a withdrawal is paid: a bank account or an e-wallet (GCash, Maya, another). */
export const PayoutMethod = z.enum(['bank', 'gcash', 'maya', 'ewallet']);
export type PayoutMethod = z.infer<typeof PayoutMethod>;

/** How many payout accounts one member may bind. */
export const MAX_PAYOUT_ACCOUNTS = 5;

/** A bound payout account as its member sees it. */
export const PayoutAccount = z.object({
  id: z.number().int(),
  method: PayoutMethod,
  /** The bank's name (bank accounts only). */
  bankName: z.string().nullable(),
  accountName: z.string(),
  accountNumber: z.string(),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;

/** GET /wps/withdraw/accounts: the accounts, and what the add form needs to know. */
export const PayoutAccountList = z.object({
  items: z.array(PayoutAccount),
  max: z.number().int(),
  /** True when the account name must equal the member's KYC real name. */
  kycRequired: z.boolean(),
  /** The KYC real name the account name must match; null when there is none yet. */
  kycName: z.string().nullable(),
});
export type PayoutAccountList = z.infer<typeof PayoutAccountList>;

/** PUT /wps/withdraw/accounts: binds a bank or e-wallet account. */
export const BindPayoutAccountRequest = z
  .object({
    method: PayoutMethod,
    bankName: z.string().trim().max(100).optional(),
    accountName: z.string().trim().min(2).max(80),
    /** Digits, letters and dashes as the bank or e-wallet writes them. */
    accountNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,34}$/),
  })
  .refine((body) => body.method !== 'bank' || (body.bankName ?? '').length > 0, {
    path: ['bankName'],
    message: 'bank_name_required',
  });
export type BindPayoutAccountRequest = z.infer<typeof BindPayoutAccountRequest>;

export const PayoutAccountIdParams = z.object({ id: RowIdParam });

/** The 6-digit payment password of the security centre. */
export const WithdrawPaymentPassword = z.string().min(1).max(32);

/**
 * PUT /wps/withdraw. The amount is checked by the server after the payment password (a bad one is
 * VALIDATION_ERROR with the issue `invalid_amount` on /amount), so it is any short string here.
 */
export const WithdrawRequest = z.object({
  payoutAccountId: RowId,
  amount: z.string().max(32),
  paymentPassword: WithdrawPaymentPassword,
  clientRequestId: ClientRequestId,
});
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

/**
 * pending: held, waiting for an operator; processing: approved, the payout is on its way;
 * paid: paid out (the member confirms the receipt); rejected: an operator refused it, the money is
 * back; failed: the payout failed, the money is back.
 */
export const WithdrawalStatus = z.enum(['pending', 'processing', 'paid', 'rejected', 'failed']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

/** The member's answer after a payout; auto_received: nobody answered in time (irreversible). */
export const ReceiptStatus = z.enum(['received', 'partial', 'not_received', 'auto_received']);
export type ReceiptStatus = z.infer<typeof ReceiptStatus>;

export const Withdrawal = z.object({
  id: z.number().int(),
  amount: Amount,
  currency: z.string().length(3),
  status: WithdrawalStatus,
  payee: z.object({
    method: PayoutMethod,
    bankName: z.string().nullable(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
  /** Why an operator rejected it (or why the payout failed). */
  reason: z.string().nullable(),
  receiptStatus: ReceiptStatus.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  receiptAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const WithdrawalIdParams = z.object({ id: RowIdParam });

export const WithdrawalListQuery = orderListQuery(WithdrawalStatus);
export type WithdrawalListQuery = z.infer<typeof WithdrawalListQuery>;

export const WithdrawalPage = orderPage(Withdrawal);
export type WithdrawalPage = z.infer<typeof WithdrawalPage>;

/** GET /wps/withdraw/info: what the withdraw page shows above the form. */
export const WithdrawInfo = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  balance: Amount,
  hasPaymentPassword: z.boolean(),
  minAmount: Amount,
  maxAmount: Amount,
  dailyCount: z.number().int(),
  dailyAmount: Amount,
  /** What is left today (Asia/Manila day). */
  remainingCount: z.number().int(),
  remainingAmount: Amount,
  /** Valid-bet turnover still owed on bonuses; above zero blocks withdrawals. */
  remainingTurnover: Amount,
});
export type WithdrawInfo = z.infer<typeof WithdrawInfo>;

/** POST /wps/withdraw/:id/receipt. `proof` (JPEG/PNG data URL) is required unless received. */
export const WithdrawalReceiptRequest = z
  .object({
    status: z.enum(['received', 'partial', 'not_received']),
    proof: z.string().min(1).max(7_200_000).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.status === 'received' || body.proof !== undefined, {
    path: ['proof'],
    message: 'proof_required',
  });
export type WithdrawalReceiptRequest = z.infer<typeof WithdrawalReceiptRequest>;

/** GET /admin/api/withdrawals: the operators' queue. */
export const AdminWithdrawalQuery = WithdrawalListQuery;
export type AdminWithdrawalQuery = z.infer<typeof AdminWithdrawalQuery>;

export const AdminWithdrawal = Withdrawal.extend({
  memberId: z.number().int(),
  username: z.string(),
  receiptNote: z.string().nullable(),
  hasProof: z.boolean(),
  decidedBy: z.number().int().nullable(),
  gatewayCode: z.string().nullable(),
  gatewayPayoutId: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

export const AdminWithdrawalPage = orderPage(AdminWithdrawal);

export const RejectWithdrawalRequest = RejectOrderRequest;
export type RejectWithdrawalRequest = z.infer<typeof RejectWithdrawalRequest>;
