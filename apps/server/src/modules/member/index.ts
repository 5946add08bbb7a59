/**
 * Members: their records and sign-in history, profile and security settings, payment password,
 * referral codes, bank and wallet bindings and gaming venues. Sign-in and sign-up read and write
 * the member store through it; the agent and withdrawal modules check a member's passwords and
 * read the member's public view. Its back office (`member.admin.*`: the member list and record,
 * status and agent changes, balance adjustments) lets the records back office read a member's
 * record.
 */
export { findMember } from './member.admin.service.js';
export { spendAuthenticatorCode } from './authenticator.js';
export { toMemberInfo } from './member-info.js';
export { checkPaymentPassword } from './payment-password.js';
export { referrerForRegistration } from './referral.service.js';
export { assertLoginPassword } from './security.service.js';
export {
  findAffiliateCode,
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  insertMember,
  isKnownNetwork,
  markLoggedIn,
  recordLoginEvent,
  rememberIp,
  spendTemporaryPassword,
  updateMember,
} from './member.service.js';
