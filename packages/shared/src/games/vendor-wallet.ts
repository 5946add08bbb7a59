import { z } from 'zod';

/**
 * The vendor wallet API (docs/vendor-wallet-api.md): what game providers send the platform
 * (balance, bet, win, rollback) and what the platform sends them (launch, transfer wallet).
 * Amounts are integers of minor units; every answer is HTTP 200 with a `status`.
 */

/** The path prefix of the calls vendors make. */
export const VENDOR_API_PREFIX = '/vendor-api/v1';

/** The calls vendors make, as paths under VENDOR_API_PREFIX. */
export const VENDOR_CALLS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type VendorCall = (typeof VENDOR_CALLS)[number];

/** Header names of signed calls (both directions). */
export const VENDOR_CODE_HEADER = 'x-vendor-code';
export const VENDOR_SIGNATURE_HEADER = 'x-signature';
export const OPERATOR_CODE_HEADER = 'x-operator-code';

export const VENDOR_STATUSES = [
  'RS_OK',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_INVALID_USER',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_GAME_MAINTENANCE',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_BET_ALREADY_SETTLED',
  'RS_ERROR_ROUND_CLOSED',
  'RS_ERROR_UNKNOWN',
] as const;
export const VendorStatus = z.enum(VENDOR_STATUSES);
export type VendorStatus = z.infer<typeof VendorStatus>;

/** A vendor-chosen id (request, transaction, round): 1 to 64 characters. */
export const VendorId = z.string().min(1).max(64);
/** Minor units: a non-negative safe integer (no fraction, no string, no exponent tricks). */
export const MinorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/);

export const WALLET_MODES = ['seamless', 'transfer'] as const;
export const WalletMode = z.enum(WALLET_MODES);
export type WalletMode = z.infer<typeof WalletMode>;

// ---------------------------------------------------------------- vendor -> platform requests

const Identity = {
  request_uuid: VendorId,
  user: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
  game_code: z.string().min(1).max(64),
};

/** POST /vendor-api/v1/user/balance and /user/info. */
export const VendorBalanceRequest = z.object(Identity);
export type VendorBalanceRequest = z.infer<typeof VendorBalanceRequest>;

const Transaction = {
  ...Identity,
  transaction_uuid: VendorId,
  round: VendorId,
  round_closed: z.boolean().default(false),
};

/** POST /vendor-api/v1/transaction/bet. */
export const VendorBetRequest = z.object({
  ...Transaction,
  amount: MinorUnits,
  currency: CurrencyCode,
});
export type VendorBetRequest = z.infer<typeof VendorBetRequest>;

/** POST /vendor-api/v1/transaction/win: pays against the bet `reference_transaction_uuid`. */
export const VendorWinRequest = VendorBetRequest.extend({ reference_transaction_uuid: VendorId });
export type VendorWinRequest = z.infer<typeof VendorWinRequest>;

/** POST /vendor-api/v1/transaction/rollback: cancels the bet `reference_transaction_uuid`. */
export const VendorRollbackRequest = z.object({
  ...Transaction,
  reference_transaction_uuid: VendorId,
});
export type VendorRollbackRequest = z.infer<typeof VendorRollbackRequest>;

// ---------------------------------------------------------------- vendor -> platform answers

/** Every answer of the calls vendors make; error answers carry what the platform knows. */
export const VendorWalletResponse = z.object({
  status: VendorStatus,
  request_uuid: z.string().nullable(),
  user: z.string().nullable(),
  currency: z.string().nullable(),
  /** Minor units; null when the member is unknown. */
  balance: z.number().int().nullable(),
});
export type VendorWalletResponse = z.infer<typeof VendorWalletResponse>;

/** The answer of /user/info: the balance answer plus the member's nickname, else username. */
export const VendorUserInfoResponse = VendorWalletResponse.extend({
  display_name: z.string().nullable(),
});
export type VendorUserInfoResponse = z.infer<typeof VendorUserInfoResponse>;

// ---------------------------------------------------------------- platform -> vendor

/** POST <vendor base>/launch. */
export const VendorLaunchRequest = z.object({
  request_uuid: VendorId,
  token: z.string(),
  user: z.string(),
  currency: CurrencyCode,
  game_code: z.string(),
  language: z.string(),
  platform: z.enum(['web', 'mobile']),
  lobby_url: z.string(),
  wallet_mode: WalletMode,
  /** Where the vendor sends wallet calls: the platform's origin + VENDOR_API_PREFIX. */
  wallet_url: z.string(),
});
export type VendorLaunchRequest = z.infer<typeof VendorLaunchRequest>;

export const VendorLaunchResponse = z.object({
  status: VendorStatus,
  url: z.string().url().optional(),
});
export type VendorLaunchResponse = z.infer<typeof VendorLaunchResponse>;

/** POST <vendor base>/transfer/in and /transfer/out. */
export const VendorTransferRequest = z.object({
  request_uuid: VendorId,
  /** Unique per transfer; the vendor applies it at most once. */
  transfer_uuid: VendorId,
  user: z.string(),
  amount: MinorUnits.min(1),
  currency: CurrencyCode,
});
export type VendorTransferRequest = z.infer<typeof VendorTransferRequest>;

export const VendorTransferResponse = z.object({
  status: VendorStatus,
  transfer_uuid: z.string().optional(),
  /** The member's balance at the vendor after the transfer, minor units. */
  balance: z.number().int().optional(),
});
export type VendorTransferResponse = z.infer<typeof VendorTransferResponse>;

/** POST <vendor base>/transfer/status. */
export const VendorTransferStatusRequest = z.object({
  request_uuid: VendorId,
  transfer_uuid: VendorId,
});
export type VendorTransferStatusRequest = z.infer<typeof VendorTransferStatusRequest>;

export const TRANSFER_STATES = ['completed', 'failed', 'not_found'] as const;
export const VendorTransferStatusResponse = z.object({
  status: VendorStatus,
  transfer_uuid: z.string().optional(),
  state: z.enum(TRANSFER_STATES).optional(),
  direction: z.enum(['in', 'out']).nullable().optional(),
  amount: z.number().int().nullable().optional(),
});
export type VendorTransferStatusResponse = z.infer<typeof VendorTransferStatusResponse>;

/** POST <vendor base>/user/balance: the member's balance held at a transfer-wallet vendor. */
export const VendorRemoteBalanceRequest = z.object({
  request_uuid: VendorId,
  user: z.string(),
  currency: CurrencyCode,
});
export type VendorRemoteBalanceRequest = z.infer<typeof VendorRemoteBalanceRequest>;

export const VendorRemoteBalanceResponse = z.object({
  status: VendorStatus,
  balance: z.number().int().optional(),
});
export type VendorRemoteBalanceResponse = z.infer<typeof VendorRemoteBalanceResponse>;
