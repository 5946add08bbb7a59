import { lazy, type ComponentType } from 'react';
import { loadChunk } from '@app/shared/chunk-load';

/**
 * `React.lazy` over `loadChunk` (SPEC section 8): a component whose code is the chunk `chunkId`.
 * `preload()` starts the same load before the component is rendered (a failed load is tried
 * again by the next call, as `loadChunk` does).
 */
export function lazyChunk<P extends object>(
  chunkId: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= loadChunk(chunkId, importer).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}
