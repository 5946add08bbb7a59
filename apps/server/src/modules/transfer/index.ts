/**
 * Member-to-member transfers and transfers between the main wallet and the game wallets: other
 * modules move funds with the game wallet and read a member's game-wallet funds.
 */
export { gameWalletFunds, transferWithGameWallet } from './game-wallet-transfer.service.js';
