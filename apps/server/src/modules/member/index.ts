/**
 * Members: their records and sign-in history, profile and security settings, payment password,
 * referral codes, bank and wallet bindings and gaming venues. Sign-in and sign-up read and write
 * the member store through it; the agent and withdrawal modules check a member's passwords and
 * read the member's public view.
 */
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
