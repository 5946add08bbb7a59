/** Values the web app keeps in localStorage (survive the browser session). */
type LocalKey = 'language' | 'previousLanguage' | 'merchantCode' | 'balanceHidden' | 'deviceId';

/** Values that live only as long as the tab's session (SPEC section 3, session values). */
type SessionKey =
  | 'token'
  | 'customerId'
  | 'account'
  | 'nickname'
  | 'isAgent'
  | 'isTrial'
  | 'passwordChangeRequired'
  | 'merchantCode'
  | 'disclaimerAccepted'
  | 'verifyLater'
  | 'securityAlreadyUpLoad'
  | 'gamingVenue'
  | 'firstTimeLogin'
  | 'popupClosed';

// Storage access throws when it is disabled (private modes, blocked cookies, sandboxed frames);
// the app then behaves as if nothing was stored instead of failing to start.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

export const localStore = {
  get: (key: LocalKey) => read(() => window.localStorage, key),
  set: (key: LocalKey, value: string) => write(() => window.localStorage, key, value),
};

export const sessionStore = {
  get: (key: SessionKey) => read(() => window.sessionStorage, key),
  /** `null` removes the value. */
  set: (key: SessionKey, value: string | null) => write(() => window.sessionStorage, key, value),
};
