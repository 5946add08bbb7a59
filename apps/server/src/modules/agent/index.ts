/**
 * The agent programme: contracts and their settings, affiliate links, the agent team view, and
 * the periodic settlement of commissions. Other modules read its active-member SQL (what makes a
 * member active for a contract) and its contract settings; the app-level job registry schedules
 * its settlement jobs.
 */
export {
  CLOSED_VALID_BET,
  COUNTS_CLOSED,
  activeMembersOfClosesSql,
  activeMembersSql,
  activeRuleOf,
  isActiveSql,
  memberDepositsSql,
} from './active-members.repository.js';
export type { ActiveRule, ActivityScope } from './active-members.repository.js';
export { loadContractSettings } from './contract-settings.js';
export { agentSettlementJob, settlementClaimsPruneJob } from './settlement.job.js';
