/** The merchants' face to other modules and to the operator scripts. */
export { findMerchantByCode } from './merchant.repository.js';
