// electron-builder's afterPack hook (electron-builder.yml): refuses a package whose
// better-sqlite3 addon would not load in the Electron it ships. electron-builder rebuilds the
// addon for each target (npmRebuild) but carries on with whatever it has when a rebuild is
// skipped or falls back, and the result only fails on the user's machine, at the first start.
//
// The expected target is the packed Electron's ABI (from the electron package's abi_version, or
// node-abi for another version) and the pack's CPU. `npm run package:check` packs against a
// stand-in Electron (scripts/package-check.mjs) whose folder carries STAND_IN_MARKER naming the
// runtime its addon must fit (the Node running the check): a real Electron distribution has no
// such file, so a real build is always checked against Electron.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packedAddonProblem, readAddonInfo } from './native-abi.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

export const STAND_IN_MARKER = 'ephemera-stand-in-electron.json';

/** electron-builder's Arch enum (builder-util) as Node's `process.arch` names. */
const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'arm', 3: 'arm64', 4: 'universal' };

export function packedAddonPath(resourcesDir) {
  return path.join(
    resourcesDir,
    'app.asar.unpacked',
    'node_modules',
    'better-sqlite3',
    'build',
    'Release',
    'better_sqlite3.node',
  );
}

function electronAbi(version) {
  try {
    const pkgFile = require.resolve('electron/package.json');
    const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    if (pkg.version === version) {
      const abi = fs.readFileSync(path.join(path.dirname(pkgFile), 'abi_version'), 'utf8').trim();
      if (abi) return abi;
    }
  } catch {
    // fall through to node-abi
  }
  try {
    const rebuild = require.resolve('@electron/rebuild/package.json');
    return String(createRequire(rebuild)('node-abi').getAbi(version, 'electron'));
  } catch {
    return null;
  }
}

/** What the packed addon must fit: the stand-in's declared runtime, or the packed Electron. */
export function expectedTarget({ appOutDir, electronVersion, arch }) {
  const marker = path.join(appOutDir, STAND_IN_MARKER);
  if (fs.existsSync(marker)) {
    const standIn = JSON.parse(fs.readFileSync(marker, 'utf8'));
    return { runtime: standIn.runtime, version: standIn.version, abi: standIn.abi, arch };
  }
  return { runtime: 'electron', version: electronVersion, abi: electronAbi(electronVersion), arch };
}

/** impit's platform package for a target, as its optionalDependencies name them. */
export function impitPlatformPackage(platform, arch) {
  const abi = platform === 'linux' ? '-gnu' : platform === 'win32' ? '-msvc' : '';
  return `impit-${platform}-${arch}${abi}`;
}

/**
 * Why the packed impit would not load on the target, or null: npm installs only the platform
 * package of the machine it runs on, so a package built for another OS or CPU (a macOS x64 build
 * on an arm64 runner) would start without its page transport.
 */
export function packedImpitProblem(resourcesDir, platform, arch) {
  const modules = path.join(resourcesDir, 'app.asar.unpacked', 'node_modules');
  if (!fs.existsSync(path.join(modules, 'impit', 'index.wrapper.js'))) {
    return 'impit is not in app.asar.unpacked';
  }
  const name = impitPlatformPackage(platform, arch);
  const dir = path.join(modules, name);
  const addon = fs.existsSync(dir) && fs.readdirSync(dir).find((f) => f.endsWith('.node'));
  return addon ? null : `${name} (impit's addon for ${platform}-${arch}) is not packed`;
}

/**
 * The addon compiled on a runner of the target's CPU (EPHEMERA_NATIVE_ADDONS=<dir> holds
 * <platform>-<arch>/better_sqlite3.node; scripts/electron-builder.mjs then skips the rebuild), or
 * null when none is configured. A configured folder without the target's addon is an error: the
 * package would otherwise ship whatever node_modules holds.
 */
export function prebuiltAddon(dir, platform, arch) {
  if (!dir?.trim()) return null;
  const file = path.join(dir.trim(), `${platform}-${arch}`, 'better_sqlite3.node');
  if (!fs.existsSync(file)) throw new Error(`after-pack: ${file} is missing`);
  return file;
}

export default async function afterPack(context) {
  const { appOutDir, packager } = context;
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const expected = expectedTarget({
    appOutDir,
    electronVersion: packager.config.electronVersion ?? packager.info.framework.version,
    arch,
  });
  const addon = packedAddonPath(packager.getResourcesDir(appOutDir));
  const platform = context.electronPlatformName;
  const prebuilt = prebuiltAddon(process.env.EPHEMERA_NATIVE_ADDONS, platform, arch);
  if (prebuilt) {
    fs.copyFileSync(prebuilt, addon);
    process.stderr.write(`after-pack: better-sqlite3 from ${prebuilt}\n`);
  }
  const built = fs.existsSync(addon) ? readAddonInfo(fs.readFileSync(addon)) : null;
  const problem = packedAddonProblem({ expected, built });
  if (problem) {
    throw new Error(
      `after-pack: better-sqlite3 in ${addon} does not fit the package: ${problem}. ` +
        'Rebuild it for the target (npm run native:electron) and package again.',
    );
  }
  process.stderr.write(
    `after-pack: better-sqlite3 fits ${expected.runtime} ${expected.version} ` +
      `(ABI ${expected.abi}, ${arch})\n`,
  );
  const impit = packedImpitProblem(packager.getResourcesDir(appOutDir), platform, arch);
  if (impit) {
    throw new Error(
      `after-pack: ${impit}. Install it (npm install --no-save ${impitPlatformPackage(platform, arch)}` +
        ' at the version package-lock.json names) and package again.',
    );
  }
  process.stderr.write(`after-pack: ${impitPlatformPackage(platform, arch)} is packed\n`);
}
