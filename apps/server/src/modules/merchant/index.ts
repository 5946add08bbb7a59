/**
 * Merchants (the white-label sites the platform serves): resolving the merchant of a request and
 * finding one by code, for other modules and for the operator scripts.
 */
export type { Merchant, MerchantResolver } from './merchant.service.js';
export { findMerchantByCode } from './merchant.service.js';
