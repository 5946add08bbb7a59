import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The server mounts the back office under /admin, beside the player site.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  // `@/lib/x` is src/lib/x: imports name what they reach, not how many folders up it is.
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
