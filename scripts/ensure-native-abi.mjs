#!/usr/bin/env node
// The native-ABI guard: better-sqlite3 is a compiled addon, and a build for Node does not load
// in Electron (nor the reverse). Run it right before the runtime that will load the addon:
//
//   node scripts/ensure-native-abi.mjs node       tests, headless start (npm pretest hooks)
//   node scripts/ensure-native-abi.mjs electron   desktop start (src-main/start.ts), packaging
//   … --check                                     only report: exit 3 when a rebuild is due
//
// It reads which ABI and CPU the compiled file is for and rebuilds only when switching: for
// Node with `npm rebuild better-sqlite3` (its install script: prebuilt download, else a local
// compile), for Electron with @electron/rebuild (prebuilt, else a compile against Electron's
// headers, which it downloads). Never run from postinstall: `npm ci` must work where Electron's
// headers cannot be fetched.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideNativeBuild, readAddonInfo } from './native-abi.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));
const MARKER_NAME = '.ephemera-native.json';

function fail(message) {
  process.stderr.write(`ensure-native-abi: ${message}\n`);
  process.exit(1);
}

function addonPaths() {
  let dir;
  try {
    dir = path.dirname(require.resolve('better-sqlite3/package.json'));
  } catch {
    fail('better-sqlite3 is not installed; run npm ci first.');
  }
  const release = path.join(dir, 'build', 'Release');
  return {
    addon: path.join(release, 'better_sqlite3.node'),
    marker: path.join(release, MARKER_NAME),
  };
}

function electronTarget() {
  let version;
  let dir;
  try {
    const pkg = require.resolve('electron/package.json');
    dir = path.dirname(pkg);
    version = JSON.parse(fs.readFileSync(pkg, 'utf8')).version;
  } catch {
    fail('electron is not installed (it is a devDependency); run npm ci first.');
  }
  // Electron's package ships its ABI number; older ones do not, node-abi knows most.
  let abi;
  try {
    abi = fs.readFileSync(path.join(dir, 'abi_version'), 'utf8').trim() || null;
  } catch {
    try {
      abi = createRequire(path.join(ROOT, 'node_modules', '@electron', 'rebuild', 'package.json'))(
        'node-abi',
      ).getAbi(version, 'electron');
    } catch {
      abi = null;
    }
  }
  return { runtime: 'electron', version, abi, arch: process.env.npm_config_arch || process.arch };
}

function nodeTarget() {
  return {
    runtime: 'node',
    version: process.versions.node,
    abi: process.versions.modules,
    arch: process.arch,
  };
}

function readBuilt(addon) {
  return fs.existsSync(addon) ? readAddonInfo(fs.readFileSync(addon)) : null;
}

function readMarker(marker) {
  try {
    return JSON.parse(fs.readFileSync(marker, 'utf8'));
  } catch {
    return null;
  }
}

/** Runs a command with its output on stderr: stdout belongs to whoever started us. */
function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
    shell: process.platform === 'win32' && !command.endsWith('.exe'),
  });
  return result.status === 0;
}

function rebuildForNode() {
  const npmCli = process.env.npm_execpath;
  return npmCli && /npm-cli\.js$/.test(npmCli)
    ? run(process.execPath, [npmCli, 'rebuild', 'better-sqlite3'])
    : run('npm', ['rebuild', 'better-sqlite3']);
}

function rebuildForElectron(target) {
  const cli = path.join(ROOT, 'node_modules', '@electron', 'rebuild', 'lib', 'cli.js');
  if (!fs.existsSync(cli)) fail('@electron/rebuild is not installed; run npm ci first.');
  return run(process.execPath, [
    cli,
    '--version',
    target.version,
    '--arch',
    target.arch,
    '--only',
    'better-sqlite3',
    '--force',
    '--module-dir',
    ROOT,
  ]);
}

function main(argv) {
  const runtime = argv.find((a) => !a.startsWith('--'));
  if (runtime !== 'node' && runtime !== 'electron') {
    process.stderr.write('Usage: node scripts/ensure-native-abi.mjs <node|electron> [--check]\n');
    process.exit(2);
  }
  const target = runtime === 'node' ? nodeTarget() : electronTarget();
  const { addon, marker } = addonPaths();
  const decision = decideNativeBuild({
    target,
    built: readBuilt(addon),
    marker: readMarker(marker),
  });
  if (decision.action === 'none') return;
  if (argv.includes('--check')) {
    process.stderr.write(`ensure-native-abi: ${decision.reason}\n`);
    process.exit(3);
  }
  process.stderr.write(`ensure-native-abi: ${decision.reason}; rebuilding…\n`);
  fs.rmSync(marker, { force: true });
  // A failed rebuild (offline, no compiler) may delete the old build on its way; put it back so
  // the runtime it was built for keeps working.
  // (Outside build/: node-gyp's clean removes that whole folder.)
  const backup = path.join(os.tmpdir(), `ephemera-better-sqlite3-${process.pid}.node`);
  if (fs.existsSync(addon)) fs.copyFileSync(addon, backup);
  const ok = runtime === 'node' ? rebuildForNode() : rebuildForElectron(target);
  const built = readBuilt(addon);
  const after = decideNativeBuild({ target, built, marker: null });
  if (!ok || !built || (target.abi && after.action !== 'none')) {
    if (fs.existsSync(backup)) {
      fs.mkdirSync(path.dirname(addon), { recursive: true });
      fs.copyFileSync(backup, addon);
      fs.rmSync(backup, { force: true });
    }
    fail(
      `could not rebuild better-sqlite3 for ${runtime === 'node' ? 'Node' : 'Electron'} ${target.version}` +
        (runtime === 'electron'
          ? ' (it needs a prebuilt binary or Electron headers from the internet, and a C++ toolchain).'
          : ' (it needs a prebuilt binary from the internet, or python3, make and a C++ compiler).'),
    );
  }
  fs.rmSync(backup, { force: true });
  fs.writeFileSync(
    marker,
    `${JSON.stringify({ runtime, version: target.version, abi: built.abi, arch: target.arch })}\n`,
  );
  process.stderr.write(
    `ensure-native-abi: better-sqlite3 is now built for ${runtime} ${target.version}\n`,
  );
}

main(process.argv.slice(2));
