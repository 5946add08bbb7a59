import { createStorage } from '@app/client';

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
  | 'popupClosed'
  | 'pendingIntent';

export const localStore = createStorage<LocalKey>('local');

export const sessionStore = createStorage<SessionKey>('session');
