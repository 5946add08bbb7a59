export type CircuitState = 'closed' | 'open' | 'half-open';

export type CircuitBreakerOptions = {
  /** How long calls are skipped after a failure before one trial call is let through. */
  openMs: number;
  now?: () => number;
  /** Calls started failing (closed to open): once per outage, not on every failed trial. */
  onOpen?: (error: unknown) => void;
  /** A trial call succeeded after an outage. */
  onClose?: () => void;
};

/**
 * Guards calls to a dependency that may be down or hanging: after one failure the circuit opens
 * and callers get their fallback at once for `openMs`, instead of each waiting for its own
 * timeout; then one trial call goes through (half-open) and its outcome closes or reopens it.
 */
export interface CircuitBreaker {
  /** `call`'s answer; `fallback`'s while the circuit is open, or when `call` fails. */
  run<T>(call: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  state(): CircuitState;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const { openMs, now = Date.now, onOpen, onClose } = options;
  let state: CircuitState = 'closed';
  let openedAt = 0;
  return {
    async run(call, fallback) {
      if (state === 'open' && now() - openedAt >= openMs) state = 'half-open';
      else if (state !== 'closed') return fallback();
      const trial = state === 'half-open';
      try {
        const value = await call();
        if (trial) {
          state = 'closed';
          onClose?.();
        }
        return value;
      } catch (error) {
        if (state === 'closed') onOpen?.(error);
        state = 'open';
        openedAt = now();
        return fallback();
      }
    },
    state: () => state,
  };
}
