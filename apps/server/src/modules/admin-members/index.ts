/** The back office's member records, as other back-office modules read them. */
export { findMember } from './admin-members.service.js';
