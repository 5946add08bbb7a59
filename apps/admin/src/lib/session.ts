import { createSessionState, createStorage } from '@app/client';

/**
 * The operator's session in this tab: the opaque token (never the password) and, for a platform
 * super-operator, the merchant it works on. Kept in sessionStorage so closing the tab signs out
 * of the browser side; the server's idle and absolute expiry still decide.
 */
const store = createStorage<'adminToken' | 'adminMerchant'>('session');

const session = createSessionState(() => ({
  token: store.get('adminToken'),
  scopeMerchant: store.get('adminMerchant'),
}));

export function readToken(): string | null {
  return session.get().token;
}

/** The token, re-rendering on every sign-in, sign-out and merchant change. */
export function useToken(): string | null {
  return session.use().token;
}

export function startSession(token: string): void {
  store.set('adminToken', token);
  session.reload();
}

/** Sign-out or a token the server no longer knows. */
export function endSession(): void {
  store.set('adminToken', null);
  store.set('adminMerchant', null);
  session.reload();
}

/** The merchant a platform super-operator picked (sent as the `Merchant` header); null: default. */
export function readScopeMerchant(): string | null {
  return session.get().scopeMerchant;
}

export function chooseScopeMerchant(code: string | null): void {
  store.set('adminMerchant', code);
  session.reload();
}
