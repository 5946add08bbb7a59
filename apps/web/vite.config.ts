import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Whole path segments only: a plain '/lotto' prefix would also send the SPA's /lottery and
// /lottert pages to the server.
const API_PATHS = '^/(wps|lgw|lotto|docs)(/|$)';

export default defineConfig({
  plugins: [react()],
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
  },
});
