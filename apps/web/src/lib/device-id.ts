import type * as Shared from '@app/shared';
import { localStore } from './storage';

/** The header the server records with each login (the risk screen's shared devices). */
export const DEVICE_ID_HEADER = 'Device-Id' satisfies typeof Shared.DEVICE_ID_HEADER;

let current: string | null = null;

/**
 * This browser's stable random id: made once and kept in localStorage. Where storage is blocked
 * it lasts as long as the page, which still links a login to its registration in one visit.
 */
export function deviceId(): string {
  if (current) return current;
  const stored = localStore.get('deviceId');
  if (stored && /^[A-Za-z0-9-]{16,64}$/.test(stored)) {
    current = stored;
  } else {
    // getRandomValues, unlike randomUUID, also works on plain-http pages.
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    current = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    localStore.set('deviceId', current);
  }
  return current;
}
