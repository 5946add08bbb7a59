import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkFailureReason, loadChunk } from './chunk-load';

describe('chunk loading (SPEC sections 8 and 9)', () => {
  let logged: unknown[][];

  beforeEach(() => {
    logged = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers the module when it arrives', async () => {
    await expect(loadChunk('fine', () => Promise.resolve({ value: 7 }))).resolves.toEqual({
      value: 7,
    });
    expect(logged).toEqual([]);
  });

  it('fails a chunk that has not arrived after 120,000 ms, as a timeout, and reports it', async () => {
    vi.useFakeTimers();
    const loading = loadChunk('slow-route', () => new Promise(() => undefined));
    const settled = vi.fn();
    loading.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = settled.mock.calls[0]?.[0] as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect([error.chunkId, error.reason]).toEqual(['slow-route', 'timeout']);
    expect(logged.map((args) => args[0])).toEqual(['Chunk load failed: slow-route (timeout)']);
  });

  it('names a module the browser could not fetch missing, and any other failure other', async () => {
    const browsers = [
      'Failed to fetch dynamically imported module: https://site.test/assets/help-route-x1.js',
      'error loading dynamically imported module: https://site.test/assets/help-route-x1.js',
      'Importing a module script failed.',
      'Unable to preload CSS for https://site.test/assets/help-route-x1.css',
    ];
    for (const message of browsers)
      expect(chunkFailureReason(new TypeError(message))).toBe('missing');
    expect(chunkFailureReason(new ReferenceError('window.thing is not defined'))).toBe('other');

    const missing = loadChunk('help-route', () => Promise.reject(new TypeError(browsers[0])));
    await expect(missing).rejects.toMatchObject({ chunkId: 'help-route', reason: 'missing' });
    const broken = loadChunk('bgs-route', () =>
      Promise.reject(new SyntaxError('Unexpected token')),
    );
    await expect(broken).rejects.toMatchObject({ chunkId: 'bgs-route', reason: 'other' });
    expect(logged.map((args) => args[0])).toEqual([
      'Chunk load failed: help-route (missing)',
      'Chunk load failed: bgs-route (other)',
    ]);
  });

  it('reports a chunk and reason once per page load, and tries again when asked again', async () => {
    const importer = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValueOnce({ ok: true });
    await expect(loadChunk('inbox-route', importer)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk('inbox-route', importer)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loadChunk('inbox-route', importer)).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(3);
    expect(logged.map((args) => args[0])).toEqual(['Chunk load failed: inbox-route (missing)']);
  });
});
