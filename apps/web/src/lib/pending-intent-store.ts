import { createStore } from '@app/client';
import type { PendingIntent } from './pending-intent';
import { sessionStore } from './storage';

/**
 * Where what a refused trial tried to do is kept while it registers (lib/pending-intent reads
 * it): the stored text only, so the start-up script carries the save and clear, not the rules.
 */
export const pendingIntentStore = createStore<string | null>(sessionStore.get('pendingIntent'));

/** Keeps what a refused trial tried to do, for the registration that follows. */
export function savePendingIntent(intent: PendingIntent): void {
  const raw = JSON.stringify(intent);
  sessionStore.set('pendingIntent', raw);
  pendingIntentStore.set(raw);
}

/** The intent is done, given up (registration closed) or its session ended. */
export function clearPendingIntent(): void {
  sessionStore.set('pendingIntent', null);
  pendingIntentStore.set(null);
}

/** The stored intent's text, or null: whether a resume may be waiting. */
export const usePendingIntentText = pendingIntentStore.use;
