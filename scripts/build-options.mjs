// esbuild options of the bundles in dist/ (scripts/build-main.mjs builds them; a test builds the
// parse worker alone to check it runs without node_modules).

/** @type {import('esbuild').BuildOptions} */
export const mainBuild = {
  // The Node entry points; dependencies stay external (native modules among them).
  entryPoints: {
    start: 'src-main/start.ts',
    cli: 'src-main/cli.ts',
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
};

/** @type {import('esbuild').BuildOptions} */
export const workerBuild = {
  // The mail parse pool's worker thread (src-main/mail/parse-pool.ts loads it), bundled with
  // its dependencies: the installers unpack this one file from the asar archive (a worker
  // thread is not certain to read modules from inside it), where node_modules is out of reach.
  // CommonJS dependencies get a real `require` for Node's built-ins.
  entryPoints: { 'parse-worker': 'src-main/mail/parse-worker.ts' },
  outdir: 'dist/main',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
};

/** @type {import('esbuild').BuildOptions} */
export const preloadBuild = {
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
};
