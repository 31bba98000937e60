import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web UI: src-renderer built into dist/renderer, which the HTTP server serves at `/`. */
export default defineConfig({
  root: path.join(import.meta.dirname, 'src-renderer'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.join(import.meta.dirname, 'dist/renderer'),
    emptyOutDir: true,
    target: 'es2022',
    // The strict CSP forbids inline scripts; keep every asset a file.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
  },
  server: {
    // `npx vite` during development proxies the API to a server started with npm start.
    proxy: {
      '/api': 'http://127.0.0.1:8787',
      '/ws': { target: 'ws://127.0.0.1:8787', ws: true },
    },
  },
});
