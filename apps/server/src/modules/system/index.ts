/** The system settings' face to other modules (the back office edits what these read). */
export { findSettings, listRegisterFieldRules } from './system.repository.js';
export { forgetSwitches } from './system.service.js';
