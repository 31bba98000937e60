import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const RENDERER = path.join(import.meta.dirname, 'src-renderer');

/**
 * Emits the service worker as /sw.js with a version made from the build's file names (they
 * carry content hashes): each new build is a new worker, which drops the previous shell cache
 * on activate. Hand-written, so no worker library ends up in the bundle.
 */
function serviceWorker(): Plugin {
  return {
    name: 'ephemera-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort().join('\n');
      const version = createHash('sha256').update(names).digest('hex').slice(0, 16);
      const source = fs.readFileSync(path.join(RENDERER, 'pwa/service-worker.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: source.replace('__BUILD_VERSION__', version),
      });
    },
  };
}

/** The web UI: src-renderer built into dist/renderer, which the HTTP server serves at `/`. */
export default defineConfig({
  root: RENDERER,
  base: '/',
  plugins: [react(), serviceWorker()],
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
