/**
 * The operator's session in this tab: the opaque token (never the password) and, for a platform
 * super-operator, the merchant it works on. Kept in sessionStorage so closing the tab signs out
 * of the browser side; the server's idle and absolute expiry still decide.
 */
const TOKEN_KEY = 'adminToken';
const MERCHANT_KEY = 'adminMerchant';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage can be disabled; the session then lasts as long as the page.
    return null;
  }
}

const memory = new Map<string, string>();

function read(key: string): string | null {
  return storage()?.getItem(key) ?? memory.get(key) ?? null;
}

function write(key: string, value: string | null): void {
  const store = storage();
  if (value === null) {
    store?.removeItem(key);
    memory.delete(key);
  } else if (store) {
    store.setItem(key, value);
  } else {
    memory.set(key, value);
  }
}

const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: called after every sign-in, sign-out and merchant change. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever the session does (useSyncExternalStore's snapshot). */
export function sessionVersion(): number {
  return version;
}

export function readToken(): string | null {
  return read(TOKEN_KEY);
}

export function startSession(token: string): void {
  write(TOKEN_KEY, token);
  changed();
}

/** Sign-out or a token the server no longer knows. */
export function endSession(): void {
  write(TOKEN_KEY, null);
  write(MERCHANT_KEY, null);
  changed();
}

/** The merchant a platform super-operator picked (sent as the `Merchant` header); null: default. */
export function readScopeMerchant(): string | null {
  return read(MERCHANT_KEY);
}

export function chooseScopeMerchant(code: string | null): void {
  write(MERCHANT_KEY, code);
  changed();
}
