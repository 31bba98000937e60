#!/usr/bin/env node
// Runs electron-builder (config: electron-builder.yml) with what cannot be written in the YAML
// because it depends on the environment. Arguments are passed on.
//
// Signing. Each OS gets only its own secrets: electron-builder falls back from WIN_CSC_LINK to
// CSC_LINK, so an Apple certificate would otherwise sign the Windows installer. With
// UNSIGNED_RELEASE=true no signing secret reaches electron-builder at all.
// - macOS: with no certificate (CSC_LINK or CSC_NAME), sign ad hoc (identity "-") and without the
//   hardened runtime or notarisation: an unsigned Apple-silicon app does not start, and flipping
//   the fuses invalidates the signature Electron ships with. With a certificate, electron-builder
//   signs (hardened runtime, resources/entitlements.mac.plist) and notarises when APPLE_ID,
//   APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID are set.
// - Windows: a certificate file (WIN_CSC_LINK/WIN_CSC_KEY_PASSWORD), or Azure Trusted Signing
//   (win.azureSignOptions from AZURE_SIGN_ENDPOINT, AZURE_SIGN_ACCOUNT, AZURE_SIGN_PROFILE,
//   AZURE_SIGN_PUBLISHER; electron-builder authenticates with AZURE_TENANT_ID, AZURE_CLIENT_ID and
//   AZURE_CLIENT_SECRET). Neither: the installer is unsigned.
//
// Linux. The AppImage and the deb are built in two runs, each from its own unpacked folder: the
// deb target writes resources/package-type ("deb"), app-update.yml and the AppArmor profile into
// the folder it packs, and in one run the AppImage is packed from that same folder at the same
// time, so an AppImage could ship `package-type: deb` and update itself as a deb. The two feeds
// are then merged into one latest-linux*.yml (scripts/release-files.mjs mergeFeeds).
//
// Native addon built elsewhere. With EPHEMERA_NATIVE_ADDONS=<dir>, electron-builder does not
// rebuild better-sqlite3 and scripts/after-pack.mjs copies <dir>/<platform>-<arch>/better_sqlite3.node
// into each packed app: the Windows installer holds x64 and arm64, and each CPU's addon is
// compiled on a runner of that CPU (the release workflow's package jobs).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { linuxTargetFolder } from './packed-app.mjs';
import { assembleRelease } from './release-files.mjs';
import { loadConfig } from './release-names.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

const MAC_SECRETS = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'CSC_NAME',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
];
const WIN_SECRETS = [
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'AZURE_TENANT_ID',
  'AZURE_CLIENT_ID',
  'AZURE_CLIENT_SECRET',
];
const AZURE_OPTIONS = {
  AZURE_SIGN_ENDPOINT: 'endpoint',
  AZURE_SIGN_ACCOUNT: 'codeSigningAccountName',
  AZURE_SIGN_PROFILE: 'certificateProfileName',
  AZURE_SIGN_PUBLISHER: 'publisherName',
};

/** The environment electron-builder gets: only the secrets of the OS it builds for. */
export function signingEnv(platform, env) {
  const out = { ...env };
  // Empty secrets (a workflow passing an unset secret) must read as "not configured".
  for (const name of [...MAC_SECRETS, ...WIN_SECRETS, ...Object.keys(AZURE_OPTIONS)]) {
    if (out[name] !== undefined && !out[name].trim()) delete out[name];
  }
  const keep =
    env.UNSIGNED_RELEASE === 'true'
      ? []
      : platform === 'darwin'
        ? MAC_SECRETS
        : platform === 'win32'
          ? [...WIN_SECRETS, ...Object.keys(AZURE_OPTIONS)]
          : [];
  for (const name of [...MAC_SECRETS, ...WIN_SECRETS, ...Object.keys(AZURE_OPTIONS)]) {
    if (!keep.includes(name)) delete out[name];
  }
  return out;
}

/** Whether Azure Trusted Signing is configured completely (all four options). */
function azureConfigured(env) {
  return Object.keys(AZURE_OPTIONS).every((name) => Boolean(env[name]?.trim()));
}

/** The extra electron-builder arguments for this platform and (already filtered) environment. */
export function signingArgs(platform, env) {
  const hasCertificate = Boolean(env.CSC_LINK?.trim() || env.CSC_NAME?.trim());
  if (platform === 'darwin' && !hasCertificate) {
    return ['-c.mac.identity=-', '-c.mac.hardenedRuntime=false', '-c.mac.notarize=false'];
  }
  // The packed package.json says so: only then does the app install updates in place
  // (src-main/electron/updater.ts; Squirrel.Mac refuses ad-hoc signed apps).
  if (platform === 'darwin') return ['-c.extraMetadata.ephemeraSigning=certificate'];
  if (platform === 'win32' && azureConfigured(env)) {
    return Object.entries(AZURE_OPTIONS).map(
      ([name, option]) => `-c.win.azureSignOptions.${option}=${env[name].trim()}`,
    );
  }
  return [];
}

/** Arguments for an addon compiled elsewhere (EPHEMERA_NATIVE_ADDONS), see after-pack.mjs. */
export function nativeAddonArgs(env) {
  return env.EPHEMERA_NATIVE_ADDONS?.trim() ? ['-c.npmRebuild=false'] : [];
}

const OS_FLAG = { darwin: '--mac', win32: '--win', linux: '--linux' };
const OS_SECTION = { darwin: 'mac', win32: 'win', linux: 'linux' };

/** electron-builder.yml's target names for an OS section. */
function configTargets(section, config) {
  return (config[section]?.target ?? []).map((t) => (typeof t === 'string' ? t : t.target));
}

/**
 * The electron-builder runs for one `npm run package`. A CPU flag (--x64, --arm64) alone does not
 * narrow the build: electron-builder takes the arch lists of electron-builder.yml's targets
 * whenever no target is named, so the targets are named here (a release job builds only its
 * runner's CPU). On Linux each target gets its own run and folder (see the header), unless the
 * caller names targets or asks for the unpacked folder only.
 */
export function builderRuns(platform, args, config, output = 'release') {
  const namesTargets = args.some((a) => /^(--(linux|win|mac|dir)|-[lwm])$/.test(a));
  if (namesTargets) return [{ args, output: null }];
  if (platform === 'linux') {
    return configTargets('linux', config).map((target) => ({
      args: [
        '--linux',
        target,
        ...args,
        `-c.directories.output=${output}/${linuxTargetFolder(target)}`,
      ],
      output: `${output}/${linuxTargetFolder(target)}`,
    }));
  }
  const names = args.some((a) => /^--(x64|arm64|ia32|armv7l|universal)$/.test(a))
    ? [OS_FLAG[platform], ...configTargets(OS_SECTION[platform], config)]
    : [];
  return [{ args: [...names, ...args], output: null }];
}

function main() {
  const cli = path.join(path.dirname(require.resolve('electron-builder/package.json')), 'cli.js');
  const env = signingEnv(process.platform, process.env);
  const extra = [...signingArgs(process.platform, env), ...nativeAddonArgs(env)];
  const runs = builderRuns(process.platform, process.argv.slice(2), loadConfig());
  for (const run of runs) {
    const result = spawnSync(process.execPath, [cli, ...extra, ...run.args], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const separate = runs.map((r) => r.output).filter(Boolean);
  if (separate.length > 0) {
    const lines = assembleRelease(
      separate.map((dir) => path.join(ROOT, dir)),
      path.join(ROOT, 'release'),
    );
    for (const line of lines) process.stdout.write(`${line}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
