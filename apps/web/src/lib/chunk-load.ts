import { lazy, type ComponentType } from 'react';
import { loadChunk } from '@app/shared/chunk-load';

/** `React.lazy` over `loadChunk` (SPEC section 8): a component whose code is the chunk `chunkId`. */
export function lazyChunk<P extends object>(
  chunkId: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
) {
  return lazy(() => loadChunk(chunkId, importer));
}
