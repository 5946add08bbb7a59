import { useSyncExternalStore } from 'react';
import { sessionStore } from './storage';

/**
 * Per-session answers the app must not ask for again (SPEC section 3, session values): KYC put
 * off (verifyLater), KYC images sent (securityAlreadyUpLoad), gaming venue declared. Each holds
 * the token of the session that gave the answer, so a later login is asked again; logout clears
 * them with the other session values.
 */
export type SessionFlag = 'verifyLater' | 'securityAlreadyUpLoad' | 'gamingVenue';

const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Records the answer for the session of `token`. */
export function setSessionFlag(flag: SessionFlag, token: string): void {
  sessionStore.set(flag, token);
  for (const listener of listeners) listener();
}

/** Whether the session of `token` already gave this answer. */
export function useSessionFlag(flag: SessionFlag, token: string | undefined): boolean {
  const value = useSyncExternalStore(subscribe, () => sessionStore.get(flag));
  return token !== undefined && value === token;
}
