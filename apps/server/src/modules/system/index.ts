/**
 * The system settings of a merchant (white label, registration fields, maintenance, the agent
 * policy switch): other modules read them here, the back office edits them.
 */
export {
  assertAgentPolicy,
  findSettings,
  forgetSwitches,
  getRegisterSettings,
  getWhitelabel,
  listRegisterFieldRules,
  underMaintenance,
} from './system.service.js';
