import { z } from 'zod';

/** Sign-in providers of the login modal (SPEC section 2: Facebook and Google buttons). */
export const SOCIAL_PROVIDERS = ['facebook', 'google'] as const;
export const SocialProvider = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** The white-label switch that shows each provider's button. */
export const SOCIAL_PROVIDER_SWITCH = {
  facebook: 'FACEBOOKLOGIN',
  google: 'GOOGLELOGIN',
} as const satisfies Record<SocialProvider, string>;

/**
 * Query the server puts on /login when a social sign-in comes back: the single-use login code,
 * or the error code of what went wrong. The session token itself never travels in a URL.
 */
export const SOCIAL_LANDING_PARAMS = { code: 'socialCode', error: 'socialError' } as const;

/** POST /wps/session/login/social: the login code for the session, from the browser that began. */
export const SocialLoginRequest = z.object({
  code: z.string().min(20).max(100),
  /** The terms and 21+ box, ticked before the provider's button. */
  termsAccepted: z.literal(true),
});
export type SocialLoginRequest = z.infer<typeof SocialLoginRequest>;
