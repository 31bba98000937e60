// Bundles the Node entry points (headless start and CLI) into dist/main with esbuild, so
// `npm start` runs plain JavaScript: no TypeScript loader thread in the running app, and the
// same output the desktop build packages. Dependencies stay external (native modules among them).
import { build } from 'esbuild';

await build({
  // parse-worker: the mail parse pool's worker thread (src-main/mail/parse-pool.ts loads it).
  entryPoints: {
    start: 'src-main/start.ts',
    cli: 'src-main/cli.ts',
    'parse-worker': 'src-main/mail/parse-worker.ts',
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
});
