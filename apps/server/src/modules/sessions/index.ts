/**
 * Ending a member's sessions everywhere at once (decision 018): the sign-in sessions and the open
 * game sessions. The sign-in module opens and checks sessions; password changes, locks,
 * self-exclusion and restriction end them through this module, which sits below the modules
 * that do those (auth, member, eligibility, the back office).
 */
export { endMemberSessions } from './sessions.service.js';
