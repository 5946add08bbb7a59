import {
  formatAmount,
  type ConsolidatedFunds,
  type MerchantWallet,
  type WalletBalance,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { mainBalance, memberBalances } from '../ledger/index.js';
import type { Merchant } from '../merchant/index.js';
import * as store from './wallet.repository.js';
import type { TransferWallet } from './wallet.repository.js';

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
    knownWallets ?? store.transferWallets(db, merchant.id),
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
  const wallets = await store.transferWallets(db, merchant.id);
  return {
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    consolidated: wallets.length === 0,
    transferWallets: wallets,
  };
}

/**
 * The vendors of the merchant that keep their own wallet (transfer mode), one per vendor code,
 * in menu order. Maintenance does not hide a wallet: its money must stay visible.
 */
export function transferWallets(
  ...args: Parameters<typeof store.transferWallets>
): ReturnType<typeof store.transferWallets> {
  return store.transferWallets(...args);
}
