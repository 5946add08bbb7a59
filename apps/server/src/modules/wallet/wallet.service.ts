import {
  formatAmount,
  parseAmount,
  type ConsolidatedFunds,
  type MerchantWallet,
  type WalletBalance,
  type WalletTransferRequest,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountRef } from '../ledger/accounts.js';
import {
  mainBalance,
  memberBalances,
  postEntry,
  type EntryResult,
} from '../ledger/ledger.service.js';
import type { Merchant } from '../merchant/merchant.service.js';
import { transferWallets, type TransferWallet } from './wallet.repository.js';

export const MAIN_WALLET = 'main';

type Owner = { merchant: Merchant; memberId: number };

export async function walletBalance(db: Db, { merchant, memberId }: Owner): Promise<WalletBalance> {
  const main = await mainBalance(db, merchant.id, memberId, merchant.currency);
  return {
    balance: formatAmount(main),
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
  };
}

/** `wallets`: the merchant's transfer wallets when the caller has already read them. */
export async function consolidatedFunds(
  db: Db,
  { merchant, memberId }: Owner,
  knownWallets?: TransferWallet[],
): Promise<ConsolidatedFunds> {
  const [accounts, wallets] = await Promise.all([
    memberBalances(db, merchant.id, memberId, merchant.currency),
    knownWallets ?? transferWallets(db, merchant.id),
  ]);
  const main = accounts.find((account) => account.kind === 'member_main')?.balance ?? 0n;
  const vendorBalance = (code: string) =>
    accounts.find((account) => account.kind === 'member_vendor' && account.vendorCode === code)
      ?.balance ?? 0n;
  // A wallet of a vendor no longer in transfer mode still shows while it holds money.
  const listed = new Set(wallets.map((wallet) => wallet.wallet));
  const leftovers = accounts
    .filter((account) => account.kind === 'member_vendor' && !listed.has(account.vendorCode))
    .filter((account) => account.balance !== 0n)
    .map((account) => ({ wallet: account.vendorCode, displayName: account.vendorCode }));
  const entries = [
    { wallet: MAIN_WALLET, displayName: null, balance: main },
    ...[...wallets, ...leftovers].map((wallet) => ({
      ...wallet,
      balance: vendorBalance(wallet.wallet),
    })),
  ];
  const total = entries.reduce((sum, entry) => sum + entry.balance, 0n);
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    total: formatAmount(total),
    wallets: entries.map((entry) => ({ ...entry, balance: formatAmount(entry.balance) })),
  };
}

export async function merchantWallet(db: Db, merchant: Merchant): Promise<MerchantWallet> {
  const wallets = await transferWallets(db, merchant.id);
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    consolidated: wallets.length === 0,
    transferWallets: wallets,
  };
}

/**
 * Moves money between the main wallet and one vendor transfer wallet, once per
 * `clientRequestId`. One side must be the main wallet, the other a transfer-mode vendor of the
 * merchant (or a wallet that still holds money from one).
 */
export async function transferBetweenWallets(
  db: Db,
  { merchant, memberId }: Owner,
  request: WalletTransferRequest,
): Promise<{ funds: ConsolidatedFunds; entry: EntryResult }> {
  const amount = parseAmount(request.amount)!;
  const vendorSide = request.from === MAIN_WALLET ? request.to : request.from;
  const mainSide = request.from === MAIN_WALLET ? request.from : request.to;
  if (mainSide !== MAIN_WALLET || vendorSide === MAIN_WALLET) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: 'body/to', message: 'unknown_wallet' }],
    });
  }
  const wallets = await transferWallets(db, merchant.id);
  const toVendor = request.from === MAIN_WALLET;
  const known =
    wallets.some((wallet) => wallet.wallet === vendorSide) ||
    // Money can always come back from a wallet that holds some.
    (!toVendor &&
      (await memberBalances(db, merchant.id, memberId, merchant.currency)).some(
        (account) => account.kind === 'member_vendor' && account.vendorCode === vendorSide,
      ));
  if (!known) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: toVendor ? 'body/to' : 'body/from', message: 'unknown_wallet' }],
    });
  }
  const main: AccountRef = { kind: 'member_main', memberId };
  const vendor: AccountRef = { kind: 'member_vendor', memberId, vendorCode: vendorSide };
  const entry = await postEntry(db, {
    merchantId: merchant.id,
    currency: merchant.currency,
    type: 'vendor_transfer',
    idempotencyKey: `wallet-transfer:${memberId}:${request.clientRequestId}`,
    memberId,
    reference: { from: request.from, to: request.to },
    postings: [
      { account: toVendor ? main : vendor, amount: -amount },
      { account: toVendor ? vendor : main, amount },
    ],
  });
  return { funds: await consolidatedFunds(db, { merchant, memberId }, wallets), entry };
}
