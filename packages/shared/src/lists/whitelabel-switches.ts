/**
 * White-label switches of SPEC section 3, plus the product flags it names (free play, forced
 * password change on expiry, mobile code login) and the sign-in and venue options the operator
 * turns on.
 */
export const WHITELABEL_SWITCHES = [
  'CHNGPASSVERIF3',
  'CHNGPASSMAIL3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'MANDATORYKYC3',
  'AGENTPOLICY3',
  'PTSYS3',
  'FREEPLAY',
  'PASSWORDEXPIRY',
  'MOBILECODELOGIN',
  'FACEBOOKLOGIN',
  'GOOGLELOGIN',
  'GAMINGVENUE',
  /** The referral promotion: members get the referral page (agents always have it). */
  'REFERRAL',
] as const;
