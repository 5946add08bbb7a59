/**
 * The system settings of a merchant (white label, registration fields, maintenance, the agent
 * policy switch): other modules read them here, the back office edits them.
 */
export { findSettings, listRegisterFieldRules } from './system.repository.js';
export {
  assertAgentPolicy,
  forgetSwitches,
  getRegisterSettings,
  getWhitelabel,
  underMaintenance,
} from './system.service.js';
