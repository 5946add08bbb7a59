import type { LoginResult, SocialProvider } from '@app/shared';
import { apiSend } from '@/lib/api-client';

/** Where the browser goes to sign in with a provider; the server sends it on to the provider. */
export function socialSignInPath(provider: SocialProvider): string {
  return `/wps/session/social/${provider}`;
}

/**
 * POST /wps/session/login/social: the single-use login code the server came back with, for the
 * session (the cookie set at the start proves it is the same browser).
 */
export function exchangeSocialLoginCode(code: string): Promise<LoginResult> {
  return apiSend('POST', '/wps/session/login/social', 'LoginResult', {
    body: { code, termsAccepted: true },
  });
}
