export * from './platform.js';
export * from './identity.js';
export * from './audit.js';
export * from './ledger.js';
export * from './operators.js';
export * from './payments.js';
export * from './money-settings.js';
export * from './bonus.js';
