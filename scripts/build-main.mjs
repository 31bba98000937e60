// Bundles the Node entry points (headless start, CLI, Electron main) and the parse worker into
// dist/main, and the preload into dist/preload, with esbuild (options in build-options.mjs):
// `npm start` runs plain JavaScript (no TypeScript loader thread in the running app), the same
// files the desktop build packages. The preload is CommonJS, because a sandboxed preload cannot
// be an ES module.
//
// The bundles carry their dependencies, so their licences travel with them: dist/main/
// THIRD_PARTY_LICENSES.txt gathers the licence file of every package bundled.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import {
  mainBuild,
  oauthClientDefines,
  PARSE_WORKER_SHA256_NAME,
  preloadBuild,
  workerBuild,
} from './build-options.mjs';

fs.rmSync(mainBuild.outdir, { recursive: true, force: true });
fs.rmSync(preloadBuild.outdir, { recursive: true, force: true });
// The parse worker first: its SHA-256 goes into the main bundles, which check the file before
// they start it (src-main/mail/parse/parse-worker-file.ts). Installers unpack the worker beside app.asar,
// outside the archive's integrity check; the hash inside the archive covers it.
const workerResult = await build(workerBuild);
const workerSha256 = createHash('sha256')
  .update(fs.readFileSync(path.join(workerBuild.outdir, 'parse-worker.mjs')))
  .digest('hex');
const results = [
  workerResult,
  ...(await Promise.all([
    build({
      ...mainBuild,
      define: {
        [PARSE_WORKER_SHA256_NAME]: JSON.stringify(workerSha256),
        ...oauthClientDefines(),
      },
    }),
    build(preloadBuild),
  ])),
];

/** `node_modules/<name>` folders (scoped or not, nested or not) the bundles took code from. */
function bundledPackageDirs(metafiles) {
  const dirs = new Set();
  for (const meta of metafiles) {
    for (const input of Object.keys(meta?.inputs ?? {})) {
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) dirs.add(match[1]);
    }
  }
  return [...dirs].sort();
}

function licenceText(dir) {
  const file = fs.readdirSync(dir).find((name) => /^(licen[cs]e|copying|notice)(\.|$)/i.test(name));
  return file ? fs.readFileSync(path.join(dir, file), 'utf8').trim() : null;
}

const sections = bundledPackageDirs(results.map((r) => r.metafile)).map((dir) => {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const licence = typeof pkg.license === 'string' ? pkg.license : 'see its package';
  return `${pkg.name}@${pkg.version} (${licence})\n\n${licenceText(dir) ?? '(no licence file in the package)'}\n`;
});
fs.writeFileSync(
  path.join(mainBuild.outdir, 'THIRD_PARTY_LICENSES.txt'),
  `Packages bundled into Ephemera's JavaScript files, with their licences.\n\n${sections.join(`\n${'-'.repeat(72)}\n\n`)}`,
);
