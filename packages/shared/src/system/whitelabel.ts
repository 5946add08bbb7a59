import { z } from 'zod';

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
export const WhitelabelSwitch = z.enum(WHITELABEL_SWITCHES);
export type WhitelabelSwitch = z.infer<typeof WhitelabelSwitch>;

/** GET /wps/system/whitelabel: every switch with its state for the caller's merchant. */
export const Whitelabel = z.object(
  Object.fromEntries(WHITELABEL_SWITCHES.map((code) => [code, z.boolean()])) as Record<
    WhitelabelSwitch,
    z.ZodBoolean
  >,
);
export type Whitelabel = z.infer<typeof Whitelabel>;
