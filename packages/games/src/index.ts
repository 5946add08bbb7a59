export * from './bgs-slot/config.js';
export * from './bgs-slot/engine.js';
export * from './bgs-slot/fair.js';
export * from './bgs-slot/simulate.js';
export * from './bgs-slot/stats.js';
export * from './random.js';
