/**
 * Merchants (the white-label sites the platform serves): resolving the merchant of a request and
 * finding one by code, for other modules and for the operator scripts; the merchant's time zone
 * (decision 024), in code and as SQL.
 */
export type { Merchant, MerchantResolver, MerchantZones } from './merchant.service.js';
export { createMerchantZones, findMerchantByCode, merchantOfCode } from './merchant.service.js';
export { timeZoneLiteral, timeZoneSql } from './merchant.repository.js';
