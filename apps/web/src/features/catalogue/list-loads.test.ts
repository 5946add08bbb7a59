import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createListLoadQueue } from './list-loads';

describe('sequential list loads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function deferred() {
    let resolve!: (value: string) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('starts each load 500 ms after the previous one ended', async () => {
    const enqueue = createListLoadQueue(500, () => Date.now());
    const started: string[] = [];
    const first = deferred();
    const second = deferred();
    const a = enqueue(() => {
      started.push(`hot@${Date.now()}`);
      return first.promise;
    });
    const b = enqueue(() => {
      started.push(`rng@${Date.now()}`);
      return second.promise;
    });
    const c = enqueue(() => {
      started.push(`fish@${Date.now()}`);
      return Promise.resolve('fish');
    });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([`hot@${t0}`]);

    await vi.advanceTimersByTimeAsync(200);
    first.resolve('hot');
    await expect(a).resolves.toBe('hot');
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([`hot@${t0}`, `rng@${t0 + 700}`]);

    // A failed load still holds the next one back by 500 ms.
    second.reject(new Error('down'));
    await expect(b).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(c).resolves.toBe('fish');
    expect(started[2]).toBe(`fish@${t0 + 1200}`);
  });

  it('starts at once after a quiet spell and drops a load aborted while it waits', async () => {
    const enqueue = createListLoadQueue(500, () => Date.now());
    const load = vi.fn(() => Promise.resolve('ok'));
    await enqueue(load);
    const controller = new AbortController();
    const waiting = enqueue(load, controller.signal);
    controller.abort();
    await vi.advanceTimersByTimeAsync(500);
    await expect(waiting).rejects.toThrow();
    expect(load).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(5000);
    const started = Date.now();
    let at = 0;
    await enqueue(() => {
      at = Date.now();
      return Promise.resolve('later');
    });
    expect(at).toBe(started);
  });
});
