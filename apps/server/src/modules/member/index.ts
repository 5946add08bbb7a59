/** The member module's face to other modules: the member store that sign-in and sign-up use. */
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
} from './member.repository.js';
