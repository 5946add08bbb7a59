/**
 * The member's wallets: the main wallet and the game wallets, their balances and the money
 * settings (limits of deposits, withdrawals and transfers).
 */
export { DEFAULT_MONEY_SETTINGS, getMoneySettings } from './money-settings.js';
export type { MoneySettings } from './money-settings.js';
export {
  consolidatedFunds,
  MAIN_WALLET,
  transferWallets,
  walletBalance,
} from './wallet.service.js';
