// Checks of a packed app's resources folder, shared by `npm run package:check` (its Linux
// folders, built here against a stand-in Electron) and the release workflow (each OS's unpacked
// app, through scripts/release-files.mjs check).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

export function yaml() {
  return createRequire(require.resolve('app-builder-lib/package.json'))('js-yaml');
}

export function digest(file, algorithm, encoding) {
  return createHash(algorithm).update(fs.readFileSync(file)).digest(encoding);
}

/**
 * The update feed electron-builder wrote into the app (resources/app-update.yml): a GitHub
 * provider with the owner and repository electron-updater will ask. `expected` ("owner/name")
 * is compared when given.
 */
export function checkAppUpdateConfig(resourcesDir, expected) {
  const file = path.join(resourcesDir, 'app-update.yml');
  if (!fs.existsSync(file)) return { line: null, problems: [`${file} is missing`] };
  const config = yaml().load(fs.readFileSync(file, 'utf8')) ?? {};
  const problems = [];
  if (config.provider !== 'github') problems.push(`app-update.yml provider is ${config.provider}`);
  if (!config.owner || !config.repo) problems.push('app-update.yml has no owner or repo');
  const actual = `${config.owner}/${config.repo}`;
  if (expected && actual.toLowerCase() !== expected.toLowerCase()) {
    problems.push(`app-update.yml names ${actual}, the release is ${expected}`);
  }
  const publisher = Array.isArray(config.publisherName) ? config.publisherName.join(', ') : null;
  return {
    line: `app-update.yml: ${config.provider} ${actual}${publisher ? `, publisher ${publisher}` : ''}`,
    problems,
  };
}

/** The unpacked parse worker is the one whose SHA-256 the packed main bundles carry. */
export function checkWorkerHash(resourcesDir) {
  const asar = require('@electron/asar');
  const archive = path.join(resourcesDir, 'app.asar');
  const worker = path.join(resourcesDir, 'app.asar.unpacked', 'dist', 'main', 'parse-worker.mjs');
  if (!fs.existsSync(worker))
    return { line: null, problems: ['the unpacked parse worker is missing'] };
  const sha = digest(worker, 'sha256', 'hex');
  const bundles = asar
    .listPackage(archive, { isPack: false })
    .map((p) => p.replace(/^[\\/]/, '').replace(/\\/g, '/'))
    .filter((p) => /^dist\/main\/[^/]+\.mjs$/.test(p) && !p.endsWith('parse-worker.mjs'));
  const carried = bundles.some((p) =>
    asar.extractFile(archive, p).toString('latin1').includes(sha),
  );
  return {
    line: `parse worker sha256 ${sha.slice(0, 16)}…: ${carried ? 'carried by the main bundle' : 'not found'}`,
    problems: carried
      ? []
      : ['no main bundle carries the parse worker SHA-256 (the check before it runs)'],
  };
}

/**

/**
 * electron-updater picks its Linux updater from resources/package-type: only the deb's app may
 * carry one (an AppImage saying "deb" would update itself with apt). `expected`: "deb" or null.
 */
export function checkPackageType(resourcesDir, expected) {
  const file = path.join(resourcesDir, 'package-type');
  const actual = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
  return {
    line: `package-type: ${actual ?? 'none'}`,
    problems:
      actual === expected
        ? []
        : [
            `${resourcesDir}: package-type is ${actual ?? 'absent'}, expected ${expected ?? 'none'}`,
          ],
  };
}

/**
 * The folder of a Linux target's own run (scripts/electron-builder.mjs). Never a name with
 * ".app" in it: @electron/fuses takes any such path for a macOS bundle.
 */
export function linuxTargetFolder(target) {
  return `target-${target}`;
}

/**
 * The unpacked apps' resources folders electron-builder left under `dir` (any OS), with
 * app-update.yml; the Linux targets' own runs are one level down (linuxTargetFolder).
 */
export function unpackedResources(dir, depth = 0) {
  const found = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const sub = path.join(dir, name);
    if (!fs.statSync(sub).isDirectory()) continue;
    const candidates = [
      path.join(sub, 'resources'),
      ...fs
        .readdirSync(sub)
        .filter((n) => n.endsWith('.app'))
        .map((n) => path.join(sub, n, 'Contents', 'Resources')),
    ];
    found.push(...candidates.filter((c) => fs.existsSync(path.join(c, 'app-update.yml'))));
    if (depth === 0 && name.startsWith('target-')) found.push(...unpackedResources(sub, 1));
  }
  return found;
}
