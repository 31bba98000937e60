#!/usr/bin/env node
// What a release publishes, checked before it is uploaded, and its checksums.
//
//   node scripts/release-files.mjs check <dir> [--repo owner/name]   the installers, latest*.yml
//                                                                  and blockmaps line up; the
//                                                                  app-update.yml of the unpacked
//                                                                  app names the repository
//   node scripts/release-files.mjs checksums <dir>                    writes <dir>/SHA256SUMS.txt
//
// `npm run package:check` uses checkAppUpdateConfig and checkWorkerHash on its Linux folder; the
// release workflow runs `check` on each OS after `npm run package` and `checksums` over every
// OS's files before the draft release.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

/** What people download (and what electron-updater reads the blockmaps of). */
export const INSTALLER = /\.(exe|dmg|zip|AppImage|deb)$/;
/** electron-builder writes a `.blockmap` beside these (the AppImage carries its own inside). */
const WITH_BLOCKMAP = /\.(exe|dmg|zip)$/;
/** electron-builder.yml's artifactName patterns, with the arch names it gives each format. */
export function artifactPattern(version) {
  const v = version.replace(/[.+]/g, '\\$&');
  return new RegExp(
    `^Ephemera-${v}-(setup(-(x64|arm64))?\\.exe|mac-(x64|arm64)\\.(dmg|zip)|linux-(x86_64|aarch64)\\.AppImage|linux-(amd64|arm64)\\.deb)$`,
  );
}

function yaml() {
  return createRequire(require.resolve('app-builder-lib/package.json'))('js-yaml');
}

function digest(file, algorithm, encoding) {
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
 * The release folder of one OS after `npm run package`: every installer named as
 * electron-builder.yml says, listed in a latest*.yml with its true size and SHA-512, with its
 * blockmap where electron-builder makes one, and no file the feed names missing.
 */
export function checkReleaseFiles(dir, version) {
  const problems = [];
  const names = fs.readdirSync(dir);
  const installers = names.filter((n) => INSTALLER.test(n));
  const pattern = artifactPattern(version);
  if (installers.length === 0) problems.push(`no installers in ${dir}`);
  for (const name of installers) {
    if (!pattern.test(name)) problems.push(`${name} is not named as electron-builder.yml says`);
    if (WITH_BLOCKMAP.test(name) && !names.includes(`${name}.blockmap`)) {
      problems.push(`${name}.blockmap is missing`);
    }
  }
  for (const name of names.filter((n) => n.endsWith('.blockmap'))) {
    if (!names.includes(name.slice(0, -'.blockmap'.length)))
      problems.push(`${name} has no installer`);
  }
  const feeds = names.filter((n) => /^latest.*\.yml$/.test(n));
  if (feeds.length === 0) problems.push(`no latest*.yml in ${dir}`);
  const listed = new Set();
  for (const feed of feeds) {
    const info = yaml().load(fs.readFileSync(path.join(dir, feed), 'utf8')) ?? {};
    if (info.version !== version) problems.push(`${feed} is for ${info.version}, not ${version}`);
    for (const entry of info.files ?? []) {
      listed.add(entry.url);
      const file = path.join(dir, entry.url);
      if (!fs.existsSync(file)) {
        problems.push(`${feed} names ${entry.url}, which is not there`);
        continue;
      }
      if (fs.statSync(file).size !== entry.size)
        problems.push(`${feed}: ${entry.url} size differs`);
      if (digest(file, 'sha512', 'base64') !== entry.sha512) {
        problems.push(`${feed}: ${entry.url} SHA-512 differs`);
      }
    }
    if (info.path && !listed.has(info.path))
      problems.push(`${feed} path ${info.path} is not in files`);
  }
  // What electron-updater installs must be in a feed (a dmg and a deb may be, need not).
  for (const name of installers.filter((n) => /\.(exe|zip|AppImage)$/.test(n))) {
    if (!listed.has(name)) problems.push(`${name} is in no latest*.yml`);
  }
  return { lines: [`${installers.length} installers, ${feeds.join(', ') || 'no feed'}`], problems };
}

/** SHA256SUMS.txt in `sha256sum` format (`sha256sum -c SHA256SUMS.txt` checks it). */
export function writeChecksums(dir) {
  const names = fs
    .readdirSync(dir)
    .filter((n) => INSTALLER.test(n))
    .sort();
  const text = names.map((n) => `${digest(path.join(dir, n), 'sha256', 'hex')}  ${n}\n`).join('');
  fs.writeFileSync(path.join(dir, 'SHA256SUMS.txt'), text);
  return names.length;
}

/** The unpacked app's resources folder electron-builder left in `dir` (any OS). */
function unpackedResources(dir) {
  for (const name of fs.readdirSync(dir)) {
    const candidates = [
      path.join(dir, name, 'resources'),
      ...(fs.existsSync(path.join(dir, name)) && fs.statSync(path.join(dir, name)).isDirectory()
        ? fs
            .readdirSync(path.join(dir, name))
            .filter((n) => n.endsWith('.app'))
            .map((n) => path.join(dir, name, n, 'Contents', 'Resources'))
        : []),
    ];
    const found = candidates.find((c) => fs.existsSync(path.join(c, 'app-update.yml')));
    if (found) return found;
  }
  return null;
}

function main(argv) {
  const [command, dir, ...rest] = argv;
  if (!dir) throw new Error('usage: release-files.mjs check|checksums <dir> [--repo owner/name]');
  if (command === 'checksums') {
    process.stdout.write(`SHA256SUMS.txt: ${writeChecksums(dir)} files\n`);
    return;
  }
  if (command !== 'check') throw new Error(`unknown command ${command}`);
  const repoAt = rest.indexOf('--repo');
  const repo = repoAt >= 0 ? rest[repoAt + 1] : undefined;
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const report = checkReleaseFiles(dir, version);
  const resources = unpackedResources(dir);
  const feed = resources
    ? checkAppUpdateConfig(resources, repo)
    : { line: null, problems: [`no unpacked app with app-update.yml in ${dir}`] };
  for (const line of [...report.lines, feed.line].filter(Boolean))
    process.stdout.write(`${line}\n`);
  const problems = [...report.problems, ...feed.problems];
  if (problems.length > 0) throw new Error(`release files:\n  - ${problems.join('\n  - ')}`);
  process.stdout.write('release files line up\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
    process.exit(1);
  }
}
