// Bundles the Node entry points (headless start and CLI) into dist/main with esbuild, so
// `npm start` runs plain JavaScript: no TypeScript loader thread in the running app, and the
// same output the desktop build packages. Dependencies stay external (native modules among them).
// The Electron main process is one more entry there (package.json "main"); its preload is built
// on its own as CommonJS, because a sandboxed preload cannot be an ES module.
import { build } from 'esbuild';

await Promise.all([
  build({
    // parse-worker: the mail parse pool's worker thread (src-main/mail/parse-pool.ts loads it).
    entryPoints: {
      start: 'src-main/start.ts',
      cli: 'src-main/cli.ts',
      'parse-worker': 'src-main/mail/parse-worker.ts',
      electron: 'src-main/electron/main.ts',
    },
    outdir: 'dist/main',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  }),
  build({
    // Sandboxed preloads get a small `require` that knows `electron` and little else: bundle
    // everything but it.
    entryPoints: { preload: 'src-main/electron/preload/preload.ts' },
    outdir: 'dist/preload',
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'chrome130',
    external: ['electron'],
    sourcemap: true,
    logLevel: 'warning',
  }),
]);
