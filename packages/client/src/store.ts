import { useSyncExternalStore } from 'react';

/** A value outside React that components read and re-render on: open modals, the session. */
export type Store<T> = {
  get: () => T;
  set: (value: T) => void;
  subscribe: (onChange: () => void) => () => void;
  use: () => T;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (onChange: () => void) => {
    listeners.add(onChange);
    return () => listeners.delete(onChange);
  };
  const get = () => value;
  return {
    get,
    set(next) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe,
    use: () => useSyncExternalStore(subscribe, get),
  };
}

/**
 * A session kept in browser storage: `read` builds it from the stored values, `reload` after
 * every change to them (sign-in, sign-out, a merchant picked) re-renders whoever reads it.
 */
export function createSessionState<T>(read: () => T) {
  const state = createStore(read());
  return {
    get: state.get,
    use: state.use,
    subscribe: state.subscribe,
    reload: () => state.set(read()),
  };
}
