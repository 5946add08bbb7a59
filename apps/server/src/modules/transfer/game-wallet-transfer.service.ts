import { createHash } from 'node:crypto';
import {
  formatAmount,
  parseAmount,
  type ConsolidatedFunds,
  type WalletTransferRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Merchant } from '../merchant/index.js';
import {
  type TransferOutcome,
  type VendorClient,
  findCredential,
  inTransitOf,
  transferByUuid,
} from '../vendor-wallet/index.js';
import { transferWallets, consolidatedFunds, MAIN_WALLET } from '../wallet/index.js';

/**
 * The member's moves between the main wallet and the game wallets of transfer-wallet vendors
 * (SPEC: transferFund, "wallet transfer"), made at the vendor with a unique reference through the
 * ledger's in-transit account (docs/vendor-wallet-api.md, transfer wallet).
 */

export type GameWalletDeps = { db: Db; vendorClient: VendorClient };

type Owner = { merchant: Merchant; memberId: number };

/**
 * The vendor reference of a member's request: the same clientRequestId always names the same
 * transfer, so a repeated request can never move money twice.
 */
export function transferUuidOf(merchantId: number, memberId: number, requestId: string): string {
  const hex = createHash('sha256')
    .update(`wallet-transfer:${merchantId}:${memberId}:${requestId}`)
    .digest('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/**
 * The main wallet and every game wallet. A game wallet shows what the vendor says the member
 * holds there (wins and losses included) when it answers and no transfer is in flight, else the
 * platform's record of it; money in flight shows as `inTransit`.
 */
export async function gameWalletFunds(
  { db, vendorClient }: GameWalletDeps,
  owner: Owner,
): Promise<ConsolidatedFunds> {
  const [funds, inTransit] = await Promise.all([
    consolidatedFunds(db, owner),
    inTransitOf(db, owner.memberId),
  ]);
  const wallets = await Promise.all(
    funds.wallets.map(async (wallet) => {
      if (wallet.wallet === MAIN_WALLET || inTransit > 0n) return wallet;
      const held = await vendorClient
        .remoteBalance(db, {
          merchantId: owner.merchant.id,
          memberId: owner.memberId,
          vendorCode: wallet.wallet,
        })
        .catch(() => null);
      return held === null ? wallet : { ...wallet, balance: formatAmount(held) };
    }),
  );
  const total = wallets.reduce((sum, wallet) => sum + parseAmount(wallet.balance)!, 0n) + inTransit;
  return { ...funds, wallets, total: formatAmount(total), inTransit: formatAmount(inTransit) };
}

function unknownWallet(path: string): AppError {
  return new AppError('VALIDATION_ERROR', { issues: [{ path, message: 'unknown_wallet' }] });
}

/**
 * Moves money between the main wallet and one game wallet, once per `clientRequestId`: fund in
 * (main -> vendor) or fund out (vendor -> main). Completed: the funds. Refused by the vendor:
 * GAME_WALLET_TRANSFER_FAILED (the money is back). Unconfirmed after the vendor client's
 * attempts: GAME_WALLET_TRANSFER_PENDING (the money is in transit; the re-settle job, or the
 * same request again, settles it). The same request id with other details: DUPLICATE_TRANSACTION.
 */
export async function transferWithGameWallet(
  deps: GameWalletDeps,
  owner: Owner,
  request: WalletTransferRequest,
): Promise<ConsolidatedFunds> {
  const { db, vendorClient } = deps;
  const { merchant, memberId } = owner;
  const amount = parseAmount(request.amount)!;
  const toVendor = request.from === MAIN_WALLET;
  const vendorCode = toVendor ? request.to : request.from;
  if ((toVendor ? request.from : request.to) !== MAIN_WALLET || vendorCode === MAIN_WALLET) {
    throw unknownWallet('body/to');
  }
  const listed = (await transferWallets(db, merchant.id)).some((w) => w.wallet === vendorCode);
  const credential = listed ? await findCredential(db, merchant.id, vendorCode) : undefined;
  if (!credential || !credential.enabled || credential.walletMode !== 'transfer') {
    throw unknownWallet(toVendor ? 'body/to' : 'body/from');
  }

  const transferUuid = transferUuidOf(merchant.id, memberId, request.clientRequestId);
  const direction = toVendor ? 'in' : 'out';

  async function replay(): Promise<TransferOutcome | null> {
    const earlier = await transferByUuid(db, transferUuid);
    if (!earlier) return null;
    const same =
      earlier.memberId === memberId &&
      earlier.credentialId === credential!.id &&
      earlier.direction === direction &&
      earlier.amount === amount;
    if (!same) throw new AppError('DUPLICATE_TRANSACTION');
    return vendorClient.settleTransfer(db, earlier.id);
  }

  let outcome = await replay();
  if (!outcome) {
    const owned = { merchantId: merchant.id, memberId, vendorCode };
    try {
      outcome = toVendor
        ? await vendorClient.fundIn(db, owned, amount, { transferUuid })
        : await vendorClient.fundOut(db, owned, amount, { transferUuid });
    } catch (error) {
      // The same request sent twice at once: the other one started the transfer.
      if (!isUniqueViolation(error, 'vendor_transfers_uuid')) throw error;
      outcome = (await replay())!;
    }
  }
  if (outcome.state === 'failed') throw new AppError('GAME_WALLET_TRANSFER_FAILED');
  if (outcome.state !== 'completed') throw new AppError('GAME_WALLET_TRANSFER_PENDING');
  return gameWalletFunds(deps, owner);
}
