// esbuild options of the bundles in dist/ (scripts/build-main.mjs builds them; a test builds the
// parse worker alone to check it runs without node_modules).
//
// Every runtime dependency is bundled, so the installers ship the bundles and only the packages
// that cannot be bundled (electron-builder.yml `files`): `electron` (provided by the runtime),
// better-sqlite3 (a compiled addon, loaded through `bindings` from its own folder) and impit (the
// page transport's compiled client, which loads its platform package impit-<os>-<arch>). No source
// maps: the installers do not ship them, and `npm start` runs the same files.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * CommonJS dependencies bundled into an ES module still call `require` for Node's built-ins
 * (and read `__filename`/`__dirname`): give them real ones.
 */
const cjsShim = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __pathDirname } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __pathDirname(__filename);',
].join(' ');

/**
 * The constant scripts/build-main.mjs defines in the main bundles: the parse worker's SHA-256
 * (src-main/mail/parse/parse-worker-file.ts checks it before starting the worker).
 */
export const PARSE_WORKER_SHA256_NAME = '__PARSE_WORKER_SHA256__';

const STUBS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stubs');

/**
 * zod's `z.locales` (its `../locales/index.js`, 64 modules, ~390 KiB) resolves to a stub that
 * keeps only English (scripts/stubs/zod-locales.mjs): nothing here reads another locale, and
 * every byte of a bundle is parsed at start (bench/desktop-launch.ts). A zod that moves the
 * file simply bundles them all again.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: path.join(STUBS, 'zod-locales.mjs') }
        : undefined,
    );
  },
};

/** Left to the runtime: Electron's own module, and the native addons with their loaders. */
export const MAIN_EXTERNALS = ['electron', 'better-sqlite3', 'impit'];

/** @type {import('esbuild').BuildOptions} */
/**
 * The project's registered OAuth public client ids (issue 34), taken from the packaging
 * environment into the bundle: a release signs in to Microsoft and Google without the user
 * registering an app. Unset, the bundle reads them from the environment it runs in
 * (src-main/mail/sources/oauth/oauth-config.ts), and Settings takes the user's own.
 */
export const OAUTH_CLIENT_ENV = [
  'EPHEMERA_MS_CLIENT_ID',
  'EPHEMERA_GOOGLE_CLIENT_ID',
  'EPHEMERA_GOOGLE_CLIENT_SECRET',
];

export function oauthClientDefines(env = process.env) {
  return Object.fromEntries(
    OAUTH_CLIENT_ENV.filter((name) => env[name]).map((name) => [
      `process.env.${name}`,
      JSON.stringify(env[name]),
    ]),
  );
}

export const mainBuild = {
  // The Node entry points, each with its dependencies inside.
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
  // Code shared by the entries, and what they import() lazily, goes into chunks: the Electron
  // entry then loads only electron and its own code before it asks for the window, and the
  // services' packages (fastify, undici, smtp-server…) load while the window paints
  // (bench/desktop-launch.ts measures both builds).
  splitting: true,
  // Chunks sit beside the entries: code that finds files relative to its own module
  // (parse-worker-file.ts's worker, app-paths.ts) works from any of them.
  chunkNames: '[name]-[hash]',
  target: 'node20',
  external: MAIN_EXTERNALS,
  banner: { js: cjsShim },
  sourcemap: false,
  legalComments: 'none',
  // V8 reads and pre-parses every byte of a bundle it loads, and indentation was a third of
  // them: without it the services' chunk loads ~15 ms sooner on a 2-core machine
  // (bench/desktop-launch.ts). Names are kept (no identifier minification), so a logged stack
  // still says which function failed; its line and column point into the long lines.
  minifyWhitespace: true,
  // Fastify's schema compilers are never loaded (create-server.ts brings its own factory);
  // the stub keeps ajv and fast-json-stringify out of the bundle V8 parses at start.
  alias: {
    '@fastify/ajv-compiler': path.join(STUBS, 'no-schema-compiler.cjs'),
    '@fastify/fast-json-stringify-compiler': path.join(STUBS, 'no-schema-compiler.cjs'),
  },
  plugins: [zodEnglishOnly],
  metafile: true,
  logLevel: 'warning',
};

/** @type {import('esbuild').BuildOptions} */
export const workerBuild = {
  // The mail parse pool's worker thread (src-main/mail/parse/parse-worker-file.ts loads it), bundled with
  // its dependencies: the installers unpack this one file from the asar archive (a worker
  // thread is not certain to read modules from inside it), where node_modules is out of reach.
  // CommonJS dependencies get a real `require` for Node's built-ins.
  entryPoints: { 'parse-worker': 'src-main/mail/parse/parse-worker.ts' },
  outdir: 'dist/main',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: cjsShim },
  sourcemap: false,
  legalComments: 'none',
  metafile: true,
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
  sourcemap: false,
  logLevel: 'warning',
};
