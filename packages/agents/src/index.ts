export * from './types.js';
export * from './period.js';
export * from './tree.js';
export * from './tiers.js';
export * from './settlement.js';
export * from './offers.js';
export * from './contracts.js';
