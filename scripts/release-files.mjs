#!/usr/bin/env node
// What a release publishes, checked before it is uploaded, put together from the jobs that
// built it, and its checksums.
//
//   node scripts/release-files.mjs check <dir> <os|all> <cpu|all> [--repo owner/name] [--no-app]
//       exactly the files electron-builder.yml makes for that job (names from
//       scripts/release-names.mjs), latest*.yml and blockmaps lining up; each unpacked app's
//       app-update.yml names the repository, and on Linux only the deb's app says it is a deb
//   node scripts/release-files.mjs assemble <out> <dir>...
//       one release from the jobs' folders: files copied, same-named feeds merged (macOS x64 and
//       arm64 from their own runners, the AppImage and the deb from their own runs)
//   node scripts/release-files.mjs checksums <dir>      writes <dir>/SHA256SUMS.txt
//
// scripts/electron-builder.mjs assembles the two Linux runs; the release workflow runs `check`
// after each packaging job, then `assemble`, `check <out> all all --no-app` and `checksums`
// before the draft release (scripts/release-dry-run.mjs runs those steps here on stand-ins).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkAppUpdateConfig,
  checkPackageType,
  digest,
  linuxTargetFolder,
  unpackedResources,
  yaml,
} from './packed-app.mjs';
import { expectedFiles, jobInstallers, packageInfo, releaseInstallers } from './release-names.mjs';

/** What people download (and what electron-updater reads the blockmaps of). */
export const INSTALLER = /\.(exe|dmg|zip|AppImage|deb)$/;
/** The files of a release folder: installers, blockmaps, update feeds. */
export const RELEASE_FILE = /(\.(exe|dmg|zip|AppImage|deb|blockmap)|^latest.*\.yml)$/;
const FEED = /^latest.*\.yml$/;

function readFeed(file) {
  return yaml().load(fs.readFileSync(file, 'utf8')) ?? {};
}

/**
 * A release folder, one job's or the whole release's: exactly the `expected` names, every feed
 * entry present with its true size and SHA-512, and every installer electron-updater installs
 * (exe, zip, AppImage, deb) listed in a feed.
 */
export function checkReleaseFiles(dir, version, expected) {
  const problems = [];
  const names = fs.readdirSync(dir).filter((n) => RELEASE_FILE.test(n));
  for (const name of expected) if (!names.includes(name)) problems.push(`${name} is missing`);
  for (const name of names) {
    if (!expected.includes(name)) problems.push(`${name} is not a file this release makes`);
  }
  const feeds = names.filter((n) => FEED.test(n));
  const listed = new Set();
  for (const feed of feeds) {
    const info = readFeed(path.join(dir, feed));
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
  const installers = names.filter((n) => INSTALLER.test(n));
  for (const name of installers.filter((n) => /\.(exe|zip|AppImage|deb)$/.test(n))) {
    if (!listed.has(name)) problems.push(`${name} is in no latest*.yml`);
  }
  return { lines: [`${installers.length} installers, ${feeds.join(', ') || 'no feed'}`], problems };
}

/**
 * One feed from several of the same name: every file once, the first feed's legacy
 * `path`/`sha512`, the latest releaseDate. Feeds of two versions, or two different files under
 * one name, are refused.
 */
export function mergeFeeds(feeds) {
  const [first, ...rest] = feeds;
  if (!first) throw new Error('no feed to merge');
  const files = [...(first.files ?? [])];
  for (const feed of rest) {
    if (feed.version !== first.version) {
      throw new Error(`feeds of two versions: ${first.version} and ${feed.version}`);
    }
    for (const entry of feed.files ?? []) {
      const same = files.find((f) => f.url === entry.url);
      if (same && same.sha512 !== entry.sha512) throw new Error(`two files named ${entry.url}`);
      if (!same) files.push(entry);
    }
  }
  const dates = feeds
    .map((f) => f.releaseDate)
    .filter(Boolean)
    .sort();
  return { ...first, files, ...(dates.length > 0 ? { releaseDate: dates.at(-1) } : {}) };
}

/** Copies `dirs`' release files into `out`, merging feeds of one name; returns report lines. */
export function assembleRelease(dirs, out) {
  fs.mkdirSync(out, { recursive: true });
  const feeds = new Map();
  let copied = 0;
  for (const dir of dirs) {
    const names = fs
      .readdirSync(dir)
      .filter((n) => RELEASE_FILE.test(n))
      .sort();
    for (const name of names) {
      const from = path.join(dir, name);
      if (FEED.test(name)) {
        feeds.set(name, [...(feeds.get(name) ?? []), readFeed(from)]);
        continue;
      }
      const to = path.join(out, name);
      if (path.resolve(from) === path.resolve(to)) continue;
      if (fs.existsSync(to) && digest(to, 'sha256', 'hex') !== digest(from, 'sha256', 'hex')) {
        throw new Error(`two different files named ${name}`);
      }
      fs.copyFileSync(from, to);
      copied += 1;
    }
  }
  const lines = [`${copied} files from ${dirs.length} folders`];
  for (const [name, list] of feeds) {
    const merged = mergeFeeds(list);
    fs.writeFileSync(path.join(out, name), yaml().dump(merged, { lineWidth: -1 }));
    lines.push(`${name}: ${merged.files.map((f) => f.url).join(', ')}`);
  }
  return lines;
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

/** The packed apps' own checks: update feed, and on Linux which app says it is a deb. */
function checkApps(dir, os, repo) {
  const lines = [];
  const problems = [];
  const apps = unpackedResources(dir);
  if (apps.length === 0) problems.push(`no unpacked app with app-update.yml in ${dir}`);
  for (const resources of apps) {
    const where = path.relative(dir, resources);
    const checks = [checkAppUpdateConfig(resources, repo)];
    if (os === 'linux') {
      const deb = where.split(path.sep).includes(linuxTargetFolder('deb'));
      checks.push(checkPackageType(resources, deb ? 'deb' : null));
    }
    for (const check of checks) {
      if (check.line) lines.push(`${where}: ${check.line}`);
      problems.push(...check.problems);
    }
  }
  return { lines, problems };
}

function main(argv) {
  const [command, dir, ...rest] = argv;
  if (!dir) throw new Error('usage: release-files.mjs check|assemble|checksums <dir> …');
  if (command === 'checksums') {
    process.stdout.write(`SHA256SUMS.txt: ${writeChecksums(dir)} files\n`);
    return;
  }
  if (command === 'assemble') {
    for (const line of assembleRelease(rest, dir)) process.stdout.write(`${line}\n`);
    return;
  }
  if (command !== 'check') throw new Error(`unknown command ${command}`);
  const [os, cpu] = rest;
  if (!os || !cpu) throw new Error('usage: release-files.mjs check <dir> <os|all> <cpu|all>');
  const installers =
    os === 'all' ? releaseInstallers() : jobInstallers(os, cpu === 'all' ? null : cpu);
  const report = checkReleaseFiles(dir, packageInfo().version, expectedFiles(installers));
  const repoAt = rest.indexOf('--repo');
  const apps = rest.includes('--no-app')
    ? { lines: [], problems: [] }
    : checkApps(dir, os, repoAt >= 0 ? rest[repoAt + 1] : undefined);
  for (const line of [...report.lines, ...apps.lines]) process.stdout.write(`${line}\n`);
  const problems = [...report.problems, ...apps.problems];
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
