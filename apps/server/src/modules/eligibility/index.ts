/**
 * Who may play: age, identity and the restricted-persons list (self-exclusion and the regulator's
 * list), and its imports and re-checks.
 */
export {
  findRestrictedMatch,
  identityFacts,
  isOldEnough,
  listSelfExclusion,
  memberIdentity,
  normalizeName,
  refuseRestrictedPerson,
} from './eligibility.service.js';
export { importRestrictedPersons } from './restricted-import.js';
export { findMemberMatches, recheckMembers } from './restricted-recheck.js';
