/**
 * Bonuses and their turnover requirements: other modules list bonuses, record turnover as bets
 * settle and read a member's remaining turnover.
 */
export { listBonuses } from './bonus.list.js';
export { recordTurnoverIn } from './bonus.service.js';
export { remainingTurnover } from './turnover.repository.js';
