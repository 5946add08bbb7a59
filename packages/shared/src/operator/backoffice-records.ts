import { z } from 'zod';
import { Amount } from '../wallet/wallet.js';
import { AdminPageFields, adminPage } from './admin-common.js';

/** GET /admin/api/members/:id/bets (members.read): the member's game rounds, newest first. */
export const AdminBetQuery = z.object({ ...AdminPageFields });
export type AdminBetQuery = z.infer<typeof AdminBetQuery>;

export const AdminBet = z.object({
  id: z.number().int(),
  roundId: z.string(),
  vendorCode: z.string(),
  gameCode: z.string(),
  gameName: z.string().nullable(),
  gameCategory: z.string(),
  currency: z.string(),
  /** Stakes less rollbacks. */
  stake: Amount,
  win: Amount,
  /** open, settled or cancelled, as the member's betting records show it. */
  status: z.string(),
  time: z.string(),
});
export type AdminBet = z.infer<typeof AdminBet>;
export const AdminBetPage = adminPage(AdminBet);
export type AdminBetPage = z.infer<typeof AdminBetPage>;

/** GET /admin/api/gateway-callbacks (payments.channels): every callback the merchant received. */
export const GatewayCallbackQuery = z.object({
  verdict: z.string().trim().min(1).max(32).optional(),
  /** The gateway's payment id, exactly. */
  paymentId: z.string().trim().min(1).max(64).optional(),
  ...AdminPageFields,
});
export type GatewayCallbackQuery = z.infer<typeof GatewayCallbackQuery>;

export const AdminGatewayCallback = z.object({
  id: z.number().int(),
  gatewayCode: z.string(),
  depositId: z.number().int().nullable(),
  paymentId: z.string().nullable(),
  signatureValid: z.boolean(),
  verdict: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  receivedAt: z.string(),
});
export type AdminGatewayCallback = z.infer<typeof AdminGatewayCallback>;
export const AdminGatewayCallbackPage = adminPage(AdminGatewayCallback);
export type AdminGatewayCallbackPage = z.infer<typeof AdminGatewayCallbackPage>;

/** DELETE /admin/api/risk/restricted-persons/:id answers the removed entry's id. */
export const DeletedRestrictedPerson = z.object({ id: z.number().int() });
export type DeletedRestrictedPerson = z.infer<typeof DeletedRestrictedPerson>;
