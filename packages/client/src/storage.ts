export type StorageKind = 'local' | 'session';

/**
 * A string store over localStorage or sessionStorage with typed keys. Storage access throws
 * when it is disabled (private modes, blocked cookies, sandboxed frames); values are then kept
 * in memory for as long as the page lives instead of failing to start.
 */
export function createStorage<Key extends string>(kind: StorageKind) {
  const memory = new Map<string, string>();
  const storage = () => (kind === 'local' ? window.localStorage : window.sessionStorage);
  return {
    get(key: Key): string | null {
      try {
        return storage().getItem(key);
      } catch {
        return memory.get(key) ?? null;
      }
    },
    /** `null` removes the value. */
    set(key: Key, value: string | null): void {
      try {
        if (value === null) storage().removeItem(key);
        else storage().setItem(key, value);
      } catch {
        if (value === null) memory.delete(key);
        else memory.set(key, value);
      }
    },
  };
}
