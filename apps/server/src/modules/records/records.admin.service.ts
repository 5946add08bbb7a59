import {
  formatAmount,
  type AdminBetPage,
  type AdminBetQuery,
  type AdminGatewayCallbackPage,
  type GatewayCallbackQuery,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../operator/index.js';
import { findMember } from '../member/index.js';
import * as repo from './records.admin.repository.js';

/**
 * Read-only back-office records (issue 7): a member's bets (game rounds, as the member's own
 * betting records count them) and the gateway callback log. Both stay within the operator's
 * merchant: a member or callback of another merchant is not there.
 */

export async function memberBets(
  db: Db,
  merchantId: number,
  memberId: number,
  query: AdminBetQuery,
): Promise<AdminBetPage> {
  if (!(await findMember(db, merchantId, memberId))) throw new AppError('NOT_FOUND');
  return pageOf(
    query,
    await repo.pageRounds(db, merchantId, memberId, pageWindow(query)),
    (row) => ({
      id: row.id,
      roundId: row.roundId,
      vendorCode: row.vendorCode,
      gameCode: row.gameCode,
      gameName: row.gameName ? row.gameName.EN || row.gameName.TL : null,
      gameCategory: row.gameCategory,
      currency: row.currency,
      stake: formatAmount(row.betTotal - row.refundTotal),
      win: formatAmount(row.winTotal),
      status: row.status,
      time: row.createdAt.toISOString(),
    }),
  );
}

export async function callbackLog(
  db: Db,
  merchantId: number,
  query: GatewayCallbackQuery,
): Promise<AdminGatewayCallbackPage> {
  return pageOf(
    query,
    await repo.pageCallbacks(db, merchantId, query, pageWindow(query)),
    (row) => ({
      id: row.id,
      gatewayCode: row.gatewayCode,
      depositId: row.depositId,
      paymentId: row.paymentId,
      signatureValid: row.signatureValid,
      verdict: row.verdict,
      headers: row.headers,
      body: row.body,
      receivedAt: row.receivedAt.toISOString(),
    }),
  );
}
