/**
 * The agents' reports over the hourly roll-up of member figures: other modules read how far the
 * roll-up has got and its SQL of closed figures; the app-level job registry schedules the roll-up
 * job.
 */
export { rollupClosesSql } from './rollup-figures.repository.js';
export { agentReportRollupJob } from './rollup.job.js';
export { rolledUpTo } from './reports.service.js';
