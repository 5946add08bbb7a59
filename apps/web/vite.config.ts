import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// Whole path segments only: a plain '/lotto' prefix would also send the SPA's /lottery and
// /lottert pages to the server.
const API_PATHS = '^/(wps|lgw|lotto|docs)(/|$)';

/**
 * The readers of the start-up answers (status, configuration, menus) are a chunk of their own,
 * but every first paint waits for them: index.html preloads them (and what they import) beside
 * the entry, instead of the entry asking for them once it runs (a round trip before the paint).
 */
function preloadStartupReaders(): Plugin {
  const entry = fileURLToPath(
    new URL('../../packages/shared/src/startup-guards.ts', import.meta.url),
  );
  return {
    name: 'preload-startup-readers',
    apply: 'build',
    transformIndexHtml(html, context) {
      const chunks = Object.values(context.bundle ?? {}).flatMap((item) =>
        item.type === 'chunk' ? [item] : [],
      );
      const readers = chunks.find((chunk) => chunk.facadeModuleId === entry);
      if (!readers) throw new Error('no chunk for packages/shared/src/startup-guards.ts');
      const files = [readers.fileName, ...readers.imports];
      return files.map((file) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
        injectTo: 'head',
      }));
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadStartupReaders()],
  // `@/lib/x` is src/lib/x: imports name what they reach, not how many folders up it is.
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
  },
  server: {
    proxy: {
      // The live websocket first (the first matching entry wins), upgraded through the proxy.
      '^/wps/ws$': { target: 'http://127.0.0.1:8080', ws: true },
      [API_PATHS]: 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What the home page loads before its first paint comes in two files instead of a dozen
        // small shared chunks (each a request on a phone's slow link): the libraries, which stay
        // cached across releases, and the app's start-up code. Everything else stays lazy.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'start', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
