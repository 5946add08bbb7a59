/**
 * Bonuses and their turnover requirements: other modules list bonuses, record turnover as bets
 * settle and read a member's remaining turnover.
 */
export { listBonuses } from './bonus.list.js';
export { grantBonusIn, recordTurnoverIn, spreadTurnover } from './bonus.service.js';
export type { GrantBonusRequest, GrantBonusResult } from './bonus.service.js';
export { remainingTurnover, turnoverStatementsIn } from './turnover.repository.js';
export type { StoredGrant } from './turnover.repository.js';
