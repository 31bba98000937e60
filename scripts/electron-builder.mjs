#!/usr/bin/env node
// Runs electron-builder (config: electron-builder.yml) with the signing defaults that cannot be
// written in the YAML because they depend on the environment. Arguments are passed on.
//
// macOS: with no certificate configured (CSC_LINK or CSC_NAME), sign ad hoc (identity "-") and
// without the hardened runtime or notarisation. An unsigned Apple-silicon app does not start, and
// flipping the fuses invalidates the signature Electron ships with; ad hoc with the hardened
// runtime would need library validation turned off. With a certificate, electron-builder signs
// with it (hardened runtime, resources/entitlements.mac.plist) and notarises when APPLE_ID,
// APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID are set.
//
// Windows: electron-builder signs by itself when CSC_LINK/CSC_KEY_PASSWORD (or WIN_CSC_LINK/
// WIN_CSC_KEY_PASSWORD) are set, and leaves the installer unsigned otherwise.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

/** The extra electron-builder arguments for this platform and environment. */
export function signingArgs(platform, env) {
  const hasCertificate = Boolean(env.CSC_LINK?.trim() || env.CSC_NAME?.trim());
  if (platform === 'darwin' && !hasCertificate) {
    return ['-c.mac.identity=-', '-c.mac.hardenedRuntime=false', '-c.mac.notarize=false'];
  }
  // The packed package.json says so: only then does the app install updates in place
  // (src-main/electron/updater.ts; Squirrel.Mac refuses ad-hoc signed apps).
  if (platform === 'darwin') return ['-c.extraMetadata.ephemeraSigning=certificate'];
  return [];
}

function main() {
  const cli = path.join(path.dirname(require.resolve('electron-builder/package.json')), 'cli.js');
  const args = [...signingArgs(process.platform, process.env), ...process.argv.slice(2)];
  const env = { ...process.env };
  // Empty secrets (a workflow passing an unset secret) must read as "not configured".
  for (const name of ['CSC_LINK', 'CSC_KEY_PASSWORD', 'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']) {
    if (env[name] !== undefined && !env[name].trim()) delete env[name];
  }
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: ROOT, stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
