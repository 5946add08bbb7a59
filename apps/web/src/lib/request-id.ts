import { useRef } from 'react';

/** A fresh id for the server's idempotency key (letters, digits and dashes, 36 characters). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type RequestIdState = { content: string; id: string } | null;

/**
 * The id of a form with this content: the same id while the content stays the same (a double
 * click or a retry after a network error makes one request), a new one when it changes.
 */
export function requestIdFor(
  state: RequestIdState,
  content: string,
  make: () => string = newRequestId,
): { content: string; id: string } {
  return state && state.content === content ? state : { content, id: make() };
}

/**
 * The clientRequestId of a money form. `take(content)` gives the id for what is about to be sent;
 * `renew()` after a success makes the next submit a new request even with the same content.
 */
export function useClientRequestId() {
  const state = useRef<RequestIdState>(null);
  return {
    take(content: string): string {
      state.current = requestIdFor(state.current, content);
      return state.current.id;
    },
    renew() {
      state.current = null;
    },
  };
}
