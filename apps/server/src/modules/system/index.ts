/**
 * The system settings of a merchant (white label, registration fields, maintenance, the agent
 * policy switch): other modules read them here, the back office edits them.
 */
export {
  assertAgentPolicy,
  findSettings,
  getRegisterSettings,
  getWhitelabel,
  listRegisterFieldRules,
} from './system.service.js';
export type { DoorSwitches } from './system.service.js';
