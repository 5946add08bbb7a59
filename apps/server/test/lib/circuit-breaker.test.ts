import { describe, expect, it, vi } from 'vitest';
import { createCircuitBreaker } from '../../src/lib/circuit-breaker.js';

const failing = () => Promise.reject(new Error('down'));
const answering = () => Promise.resolve('redis');
const fallback = () => 'fallback';

function breakerAt(openMs = 1000) {
  const clock = { now: 0 };
  const onOpen = vi.fn();
  const onClose = vi.fn();
  const sut = createCircuitBreaker({ openMs, now: () => clock.now, onOpen, onClose });
  return { sut, clock, onOpen, onClose };
}

describe('circuit breaker', () => {
  it('passes answers through while the dependency answers', async () => {
    const { sut, onOpen } = breakerAt();
    expect(await sut.run(answering, fallback)).toBe('redis');
    expect(sut.state()).toBe('closed');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('answers the fallback after a failure and skips the dependency while open', async () => {
    const { sut, clock, onOpen } = breakerAt();
    expect(await sut.run(failing, fallback)).toBe('fallback');
    expect(sut.state()).toBe('open');
    clock.now = 999;
    const call = vi.fn(answering);
    expect(await sut.run(call, fallback)).toBe('fallback');
    expect(call).not.toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('lets one trial call through after openMs and closes when it answers', async () => {
    const { sut, clock, onClose } = breakerAt();
    await sut.run(failing, fallback);
    clock.now = 1000;
    let answer!: (value: string) => void;
    const trial = sut.run(() => new Promise<string>((resolve) => (answer = resolve)), fallback);
    expect(sut.state()).toBe('half-open');
    const other = vi.fn(answering);
    expect(await sut.run(other, fallback)).toBe('fallback');
    expect(other).not.toHaveBeenCalled();
    answer('redis');
    expect(await trial).toBe('redis');
    expect(sut.state()).toBe('closed');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await sut.run(answering, fallback)).toBe('redis');
  });

  it('reopens when the trial fails, warning once for the whole outage', async () => {
    const { sut, clock, onOpen, onClose } = breakerAt();
    await sut.run(failing, fallback);
    for (let at = 1000; at <= 5000; at += 1000) {
      clock.now = at;
      expect(await sut.run(failing, fallback)).toBe('fallback');
      expect(sut.state()).toBe('open');
    }
    clock.now = 5500;
    const call = vi.fn(answering);
    expect(await sut.run(call, fallback)).toBe('fallback');
    expect(call).not.toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens once when many calls fail together', async () => {
    const { sut, onOpen } = breakerAt();
    const answers = await Promise.all(Array.from({ length: 50 }, () => sut.run(failing, fallback)));
    expect(answers.every((a) => a === 'fallback')).toBe(true);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
