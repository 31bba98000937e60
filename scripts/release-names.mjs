#!/usr/bin/env node
// The file names a release contains, worked out by electron-builder's own functions (builder-util's
// getArtifactArchName, app-builder-lib's macro expander and its NSIS and update-feed rules) from
// electron-builder.yml, so a name the workflow or the install page expects cannot drift from the
// name electron-builder writes.
//
//   node scripts/release-names.mjs list [os] [cpu]           every file of a release (or of one job)
//   node scripts/release-names.mjs installer <os> <cpu> <target>   one installer's file name
//
// os: win | mac | linux; cpu: x64 | arm64; target: nsis | dmg | zip | AppImage | deb.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));
const builderLib = (file) =>
  createRequire(require.resolve('app-builder-lib/package.json'))(`./out/${file}`);
const builderUtil = (file) =>
  createRequire(require.resolve('app-builder-lib/package.json'))(`builder-util/out/${file}`);
const { Arch, getArtifactArchName } = builderUtil('arch.js');
const { sanitizeFileName } = builderUtil('filename.js');
const { expandMacro } = builderLib('util/macroExpander.js');

/** The OSes of a release, by electron-builder.yml's section names. */
export const OSES = ['win', 'mac', 'linux'];
/** The extension electron-builder passes to its arch-name function for each target. */
const EXTENSION = { nsis: 'exe', dmg: 'dmg', zip: 'zip', AppImage: 'AppImage', deb: 'deb' };
/** Targets electron-builder writes a `.blockmap` beside (the AppImage carries its own inside). */
const WITH_BLOCKMAP = new Set(['nsis', 'dmg', 'zip']);

export function loadConfig(file = path.join(ROOT, 'electron-builder.yml')) {
  const yaml = createRequire(require.resolve('app-builder-lib/package.json'))('js-yaml');
  return yaml.load(fs.readFileSync(file, 'utf8'));
}

export function packageInfo() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
}

/** app-builder-lib's AppInfo, as far as the artifact patterns use it. */
function appInfoOf(config, pkg) {
  const productName = config.productName ?? pkg.productName ?? pkg.name;
  const sanitized = sanitizeFileName(productName);
  return {
    productName,
    sanitizedProductName: sanitized,
    productFilename: sanitized,
    name: pkg.name,
    version: pkg.version,
  };
}

/** artifactPatternConfig: the target's own pattern, else its OS's, else the top level. */
function patternOf(config, os, target) {
  const pattern =
    config[target.toLowerCase()]?.artifactName ?? config[os]?.artifactName ?? config.artifactName;
  if (!pattern) throw new Error(`electron-builder.yml gives ${os} ${target} no artifactName`);
  return pattern;
}

function targetsOf(config, os) {
  return (config[os]?.target ?? []).map((entry) =>
    typeof entry === 'string' ? { target: entry, arch: ['x64'] } : entry,
  );
}

/** The update feed a file of `os`/`cpu` is listed in (updateInfoBuilder's getUpdateInfoFileName). */
export function feedName(os, cpu) {
  if (os === 'win') return 'latest.yml';
  if (os === 'mac') return 'latest-mac.yml';
  return cpu === 'x64' || cpu === null ? 'latest-linux.yml' : `latest-linux-${cpu}.yml`;
}

/**
 * Every installer of the release: `{os, cpus, target, file, feed, blockmap}`. `cpus` lists the
 * CPUs an installer serves (NSIS builds one installer holding every arch when its pattern has
 * no ${arch}; with ${arch} it writes that one and one per arch, electron-builder PR 5718).
 */
export function releaseInstallers(config = loadConfig(), pkg = packageInfo()) {
  const appInfo = appInfoOf(config, pkg);
  const out = [];
  for (const os of OSES) {
    for (const { target, arch } of targetsOf(config, os)) {
      if (!(target in EXTENSION)) throw new Error(`${os} target ${target} is not known here`);
      const ext = EXTENSION[target];
      const pattern = patternOf(config, os, target);
      const name = (cpu) =>
        expandMacro(pattern, cpu === null ? null : getArtifactArchName(Arch[cpu], ext), appInfo, {
          ext,
          os,
        });
      const builds =
        target === 'nsis'
          ? [arch, ...(pattern.includes('${arch}') && arch.length > 1 ? arch.map((a) => [a]) : [])]
          : arch.map((a) => [a]);
      for (const cpus of builds) {
        const file = name(target === 'nsis' && cpus.length > 1 ? null : cpus[0]);
        out.push({
          os,
          cpus,
          target,
          file,
          feed: feedName(os, os === 'linux' ? cpus[0] : null),
          blockmap: WITH_BLOCKMAP.has(target),
        });
      }
    }
  }
  return out;
}

/** The installers one job builds: those of `os` serving `cpu` only, or all of `os` (cpu null). */
export function jobInstallers(os, cpu, installers = releaseInstallers()) {
  return installers.filter(
    (i) => i.os === os && (cpu === null || (i.cpus.length === 1 && i.cpus[0] === cpu)),
  );
}

/** Installers, blockmaps and feeds, sorted: what a release folder holds, no more, no less. */
export function expectedFiles(installers) {
  const names = new Set();
  for (const i of installers) {
    names.add(i.file);
    if (i.blockmap) names.add(`${i.file}.blockmap`);
    names.add(i.feed);
  }
  return [...names].sort();
}

export function installerName(os, cpu, target, installers = releaseInstallers()) {
  const found = installers.filter(
    (i) => i.os === os && i.target === target && i.cpus.includes(cpu),
  );
  // The combined NSIS installer is the one a user downloads; per-arch ones would be extra.
  found.sort((a, b) => b.cpus.length - a.cpus.length);
  if (found.length === 0) throw new Error(`no ${target} installer for ${os} ${cpu}`);
  return found[0].file;
}

function main([command, ...args]) {
  if (command === 'list') {
    const [os, cpu] = args;
    const installers = os ? jobInstallers(os, cpu ?? null) : releaseInstallers();
    process.stdout.write(`${expectedFiles(installers).join('\n')}\n`);
    return;
  }
  if (command === 'installer') {
    const [os, cpu, target] = args;
    if (!os || !cpu || !target) throw new Error('usage: installer <os> <cpu> <target>');
    process.stdout.write(`${installerName(os, cpu, target)}\n`);
    return;
  }
  throw new Error('usage: release-names.mjs list [os] [cpu] | installer <os> <cpu> <target>');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
    process.exit(1);
  }
}
