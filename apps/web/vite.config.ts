import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Whole path segments only: a plain '/lotto' prefix would also send the SPA's /lottery and
// /lottert pages to the server.
const API_PATHS = '^/(wps|lgw|lotto|docs)(/|$)';

export default defineConfig({
  plugins: [react()],
  // `@/lib/x` is src/lib/x: imports name what they reach, not how many folders up it is.
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
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
