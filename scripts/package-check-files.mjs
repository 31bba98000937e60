// The file-set half of `npm run package:check` (scripts/package-check.mjs): what electron-builder
// packed into a Linux app folder. Returns `{ lines, problems }`: what it measured, and what is
// wrong (empty when the package is right).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { impitPlatformPackage, packedAddonPath, packedImpitProblem } from './after-pack.mjs';
import { readAddonInfo } from './native-abi.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

export const MAX_ASAR_BYTES = 12 * 1024 * 1024;

/** Packages that are build tools or renderer code: bundled or not needed at run time. */
const FORBIDDEN_PACKAGES = [
  'tsx',
  'esbuild',
  '@esbuild',
  'react',
  'react-dom',
  'zustand',
  'qrcode',
  'vite',
  'typescript',
  'electron',
  'electron-builder',
  'prebuild-install',
];
/** The only node_modules the app ships: the native addons and their loaders. */
const ALLOWED_PACKAGES = [
  'better-sqlite3',
  'bindings',
  'file-uri-to-path',
  'impit',
  impitPlatformPackage(process.platform, process.arch),
];
const REQUIRED_FILES = [
  'package.json',
  'dist/main/electron.mjs',
  'dist/main/THIRD_PARTY_LICENSES.txt',
  'dist/preload/preload.cjs',
  'dist/renderer/index.html',
  'resources/icon.png',
];
/** Not part of the desktop app (headless and CLI entry points). */
const ABSENT_FILES = ['dist/main/start.mjs', 'dist/main/cli.mjs'];

/** @electron/fuses' order, with the names electron-builder.yml's `electronFuses` uses. */
const FUSE_NAMES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
];

function builderConfig() {
  const yaml = createRequire(require.resolve('app-builder-lib/package.json'))('js-yaml');
  return yaml.load(fs.readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8'));
}

async function checkFuses(executable, problems, lines) {
  const wanted = builderConfig().electronFuses ?? {};
  if (Object.keys(wanted).length === 0) problems.push('electron-builder.yml has no electronFuses');
  const { getCurrentFuseWire } = require('@electron/fuses');
  const wire = await getCurrentFuseWire(executable);
  const states = [];
  for (const [index, name] of FUSE_NAMES.entries()) {
    const state = wire[index] === 0x31 ? true : wire[index] === 0x30 ? false : null;
    states.push(`${name}=${state}`);
    if (name in wanted && wanted[name] !== state) {
      problems.push(
        `fuse ${name} is ${state} in the packed executable, the config says ${wanted[name]}`,
      );
    }
  }
  lines.push(`fuses: ${states.join(' ')}`);
}

/**
 * Loads the packed impit from app.asar.unpacked (no node_modules of the project in reach) and
 * makes a client with the profile the page transport uses; nothing is fetched.
 */
function loadImpit(unpacked) {
  const fromPackage = createRequire(path.join(unpacked, 'node_modules', 'impit', 'package.json'));
  const { Impit } = fromPackage('./index.wrapper.js');
  const client = new Impit({ browser: 'chrome151' });
  return typeof client.fetch === 'function' ? 'loads, chrome151 client made' : 'no fetch';
}

export async function checkPackedFiles(appOutDir) {
  const asar = require('@electron/asar');
  const problems = [];
  const lines = [];
  const resources = path.join(appOutDir, 'resources');
  const archive = path.join(resources, 'app.asar');
  if (!fs.existsSync(archive)) return { lines, problems: [`${archive} is missing`] };

  const size = fs.statSync(archive).size;
  const entries = asar.listPackage(archive, { isPack: false }).map((p) => p.replace(/^[\\/]/, ''));
  const files = entries.filter((p) => !asar.statFile(archive, p).files);
  lines.push(
    `app.asar: ${(size / 1e6).toFixed(2)} MB, ${entries.length} entries, ${files.length} files`,
  );
  if (size > MAX_ASAR_BYTES) problems.push(`app.asar is ${size} bytes (limit ${MAX_ASAR_BYTES})`);

  const maps = files.filter((p) => p.endsWith('.map'));
  if (maps.length > 0) problems.push(`source maps in app.asar: ${maps.slice(0, 5).join(', ')}`);
  const packages = new Set(
    entries
      .map((p) => /^node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(p)?.[1])
      .filter(Boolean),
  );
  lines.push(`node_modules in app.asar: ${[...packages].sort().join(', ') || 'none'}`);
  for (const name of packages) {
    const scope = name.split('/')[0];
    if (FORBIDDEN_PACKAGES.includes(name) || FORBIDDEN_PACKAGES.includes(scope)) {
      problems.push(`${name} must not be packaged`);
    } else if (!ALLOWED_PACKAGES.includes(name)) {
      problems.push(`${name} is packaged, but the bundles should carry it`);
    }
  }
  for (const file of REQUIRED_FILES) {
    if (!entries.includes(file)) problems.push(`${file} is missing from app.asar`);
  }
  for (const file of ABSENT_FILES) {
    if (entries.includes(file)) problems.push(`${file} should not be packaged`);
  }

  const unpacked = path.join(resources, 'app.asar.unpacked');
  const addon = packedAddonPath(resources);
  if (!fs.existsSync(addon)) problems.push('better_sqlite3.node is not in app.asar.unpacked');
  else {
    const info = readAddonInfo(fs.readFileSync(addon));
    lines.push(`better_sqlite3.node (unpacked): ABI ${info.abi}, ${info.arch}`);
  }
  const impit = packedImpitProblem(resources, process.platform, process.arch);
  if (impit) problems.push(impit);
  else lines.push(`impit (unpacked): ${loadImpit(unpacked)}`);
  if (!fs.existsSync(path.join(unpacked, 'dist', 'main', 'parse-worker.mjs'))) {
    problems.push('dist/main/parse-worker.mjs is not in app.asar.unpacked');
  }

  const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8'));
  if (pkg.main !== 'dist/main/electron.mjs') problems.push(`package.json main is ${pkg.main}`);
  if (pkg.desktopName !== 'ephemera.desktop') problems.push('package.json has no desktopName');

  const executable = path.join(appOutDir, 'ephemera');
  if (!fs.existsSync(executable)) problems.push('the executable "ephemera" is missing');
  else await checkFuses(executable, problems, lines);
  return { lines, problems };
}
