import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server mounts the back office under /admin, beside the player site.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
