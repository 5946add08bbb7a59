/**
 * The back office's reports (daily figures, registrations, deposits, bonuses by merchant or agent
 * line): other modules read its daily report and the rule that says which members count as
 * active.
 */
export { dailyReport } from './reports.service.js';
