/** The wallets' face to other modules. */
export { transferWallets } from './wallet.repository.js';
