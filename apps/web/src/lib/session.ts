import { createSessionState } from '@app/client';
import type { LoginResult } from '@app/shared';
import { clearPendingIntent } from './pending-intent-store';
import { localStore, sessionStore } from './storage';

/** The signed-in account as the session values of SPEC section 3 describe it. */
export type Session = {
  token: string;
  account: string;
  nickname: string | null;
  isAgent: boolean;
  isTrial: boolean;
  /**
   * Logged in with an operator-issued or expired password: nothing else may happen until the
   * password is changed, so the shell treats the account as not yet logged in.
   */
  passwordChangeRequired: boolean;
};

function readSession(): Session | null {
  const token = sessionStore.get('token');
  if (!token) return null;
  return {
    token,
    account: sessionStore.get('account') ?? '',
    nickname: sessionStore.get('nickname') || null,
    isAgent: sessionStore.get('isAgent') === 'true',
    isTrial: sessionStore.get('isTrial') === 'true',
    passwordChangeRequired: sessionStore.get('passwordChangeRequired') === 'true',
  };
}

const sessionState = createSessionState(readSession);
const reload = sessionState.reload;

/** Saves what a login, registration, password reset or free play answered. */
export function startSession({ token, firstTimeLogin, passwordExpired, user }: LoginResult): void {
  sessionStore.set('token', token);
  // The first-login popups (execution F) are for this session only.
  sessionStore.set('firstTimeLogin', firstTimeLogin ? 'true' : null);
  sessionStore.set('customerId', String(user.id));
  sessionStore.set('account', user.account);
  sessionStore.set('nickname', user.nickname);
  sessionStore.set('isAgent', String(user.isAgent));
  sessionStore.set('isTrial', String(user.isTrial));
  sessionStore.set('passwordChangeRequired', passwordExpired ? 'true' : null);
  sessionStore.set('merchantCode', user.merchantCode);
  localStore.set('merchantCode', user.merchantCode);
  reload();
}

/** The forced password change is done: the account is fully logged in now. */
export function completePasswordChange(): void {
  sessionStore.set('passwordChangeRequired', null);
  reload();
}

/**
 * The server answered PASSWORD_CHANGE_REQUIRED (an account an agent created, an operator's
 * reset): the forced change opens, whatever this tab believed.
 */
export function requirePasswordChange(): void {
  if (!sessionStore.get('token') || sessionStore.get('passwordChangeRequired') === 'true') return;
  sessionStore.set('passwordChangeRequired', 'true');
  reload();
}

/**
 * Logout or an expired token: every session value and the merchant and role flags go, and so
 * does what a refused trial meant to do after registering (lib/pending-intent).
 */
export function endSession(): void {
  clearPendingIntent();
  for (const key of [
    'token',
    'customerId',
    'account',
    'nickname',
    'isAgent',
    'isTrial',
    'passwordChangeRequired',
    'merchantCode',
    'verifyLater',
    'securityAlreadyUpLoad',
    'gamingVenue',
    'firstTimeLogin',
  ] as const) {
    sessionStore.set(key, null);
  }
  reload();
}

/** The bearer token of the signed-in account, or null for a visitor. */
export function readSessionToken(): string | null {
  return sessionState.get()?.token ?? null;
}

/** Whether the signed-in account is an agent (set at login from the member info). */
export function isAgentSession(): boolean {
  return sessionState.get()?.isAgent === true;
}

/** Whether the signed-in account is a free-play trial account (SPEC section 6). */
export function isTrialSession(): boolean {
  return sessionState.get()?.isTrial === true;
}

/** The merchant the visitor was assigned to; without one the server resolves it by host. */
export function readMerchantCode(): string | null {
  return sessionStore.get('merchantCode') || localStore.get('merchantCode') || null;
}

/** The session, including one that still has to change its password. */
export const useSession = sessionState.use;

/** Logged in for the shell: a session whose password does not have to be changed first. */
export function useIsLoggedIn(): boolean {
  const session = useSession();
  return session !== null && !session.passwordChangeRequired;
}
