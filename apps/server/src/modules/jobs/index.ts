/**
 * Scheduled work (decision 012): the job runner that runs each period of a job exactly once
 * across processes, and hand-claimed periods for work that keeps its own schedule. Modules define
 * their jobs with it; the registry of the server's jobs is composition (src/jobs.ts).
 */
export { claimPeriod, everyMs, finishPeriod, latestPeriodStart } from './jobs.runner.js';
export type { JobDefinition } from './jobs.runner.js';
