export * from './platform.js';
export * from './identity.js';
export * from './audit.js';
export * from './ledger.js';
