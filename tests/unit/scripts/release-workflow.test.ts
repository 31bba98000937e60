import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  builderRuns,
  nativeAddonArgs,
  signingArgs,
  signingEnv,
} from '../../../scripts/electron-builder.mjs';
import { dryRun, layOutJob, runStep } from '../../../scripts/release-dry-run.mjs';
import { loadConfig } from '../../../scripts/release-names.mjs';
import { lintWorkflow, pipelineHazards } from '../../../scripts/workflow-lint.mjs';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const WORKFLOW = path.join(ROOT, '.github', 'workflows', 'release.yml');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeTempDir));
const temp = () => {
  const dir = makeTempDir('ephemera-release-');
  dirs.push(dir);
  return dir;
};

describe('the release workflow lints clean', () => {
  it('actionlint, shellcheck on every bash run block, and the pipefail rule: 0 findings', async () => {
    expect(await lintWorkflow(WORKFLOW)).toEqual([]);
  }, 60_000);

  it('the pipefail rule catches the checks that broke on a match or could never fail', () => {
    expect(pipelineHazards('dpkg-deb -c "$deb" | grep -q apparmor-profile')).toHaveLength(1);
    expect(pipelineHazards('if head -c 3000000 "$a" | grep -aq libfuse.so.2; then')).toHaveLength(
      2,
    );
    expect(pipelineHazards('dpkg-deb -c "$deb" > files.txt\ngrep -q x files.txt')).toEqual([]);
  });
});

describe('the release dry run: the workflow’s own file steps on stand-in files', () => {
  it('every job’s checks, the assembly, checksums and notes pass on the files electron-builder writes', () => {
    const work = temp();
    const results = dryRun(work);
    expect(results.filter((r) => !r.ok).map((r) => `${r.job}: ${r.step}\n${r.output}`)).toEqual([]);
    expect(results.map((r) => `${r.job}: ${r.step}`)).toContain(
      'linux-arm64: Check the Linux packages',
    );
    const sums = fs.readFileSync(path.join(work, 'release-job', 'out', 'SHA256SUMS.txt'), 'utf8');
    expect(sums.trim().split('\n')).toHaveLength(9);
    const notes = fs.readFileSync(path.join(work, 'release-job', 'release-notes.md'), 'utf8');
    expect(notes).toContain('`Ephemera-0.1.0-setup.exe` (one installer for x64 and arm64)');
    expect(notes).toContain('shasum -a 256 -c SHA256SUMS.txt --ignore-missing');
  }, 120_000);

  const failing = (faults: Parameters<typeof dryRun>[1]) =>
    dryRun(temp(), faults)
      .filter((r) => !r.ok)
      .map((r) => `${r.job}: ${r.step}`);

  it('fails on the old names (aarch64 AppImage, per-CPU Windows installers), a FUSE2 runtime', () => {
    const failed = failing({ faults: { aarch64AppImage: true, perArchNsis: true, fuse2: true } });
    expect(failed).toContain('linux-arm64: Check the release files');
    expect(failed).toContain('win-all: Check the release files (Windows)');
    expect(failed).toContain('linux-x64: Check the Linux packages');
  }, 120_000);

  it('fails on an AppImage that says it is a deb', () => {
    expect(failing({ faults: { appImagePackageType: true } })).toEqual([
      'linux-x64: Check the Linux packages',
      'linux-arm64: Check the Linux packages',
    ]);
  }, 120_000);

  it('the old deb check fails on a real deb: tar dies of SIGPIPE when grep -q matches', () => {
    const dir = temp();
    layOutJob(dir, { os: 'linux', cpu: 'x64' });
    const old = runStep(
      'deb=$(ls release/*-linux-amd64.deb)\ndpkg-deb -c "$deb" | grep -q \'opt/Ephemera/resources/apparmor-profile\'\n',
      dir,
      {},
    );
    expect(old.ok).toBe(false);
    expect(old.output).toMatch(/Broken pipe|signal/);
  }, 60_000);
});

describe('packaging runs and signing', () => {
  const config = loadConfig();
  it('Linux: the AppImage and the deb in runs and folders of their own', () => {
    const runs = builderRuns('linux', ['--publish', 'never', '--arm64'], config);
    expect(runs.map((r) => r.output)).toEqual(['release/target-AppImage', 'release/target-deb']);
    expect(runs[1]?.args.slice(0, 2)).toEqual(['--linux', 'deb']);
    expect(builderRuns('linux', ['--dir', '--x64'], config)).toEqual([
      { args: ['--dir', '--x64'], output: null },
    ]);
  });

  it('a CPU flag alone narrows the build: the targets are named (electron-builder ignores it otherwise)', () => {
    expect(builderRuns('darwin', ['--arm64'], config)[0]?.args).toEqual([
      '--mac',
      'dmg',
      'zip',
      '--arm64',
    ]);
    expect(builderRuns('win32', ['--win', 'nsis', '--x64', '--arm64'], config)[0]?.args).toEqual([
      '--win',
      'nsis',
      '--x64',
      '--arm64',
    ]);
  });

  const secrets = {
    CSC_LINK: 'apple-cert',
    CSC_KEY_PASSWORD: 'p',
    APPLE_ID: 'a',
    WIN_CSC_LINK: 'win-cert',
    WIN_CSC_KEY_PASSWORD: 'w',
    AZURE_CLIENT_SECRET: 's',
  };
  it('each OS gets only its own secrets: the Apple certificate never signs Windows', () => {
    const win = signingEnv('win32', secrets);
    expect(win.CSC_LINK).toBeUndefined();
    expect(win.APPLE_ID).toBeUndefined();
    expect(win.WIN_CSC_LINK).toBe('win-cert');
    const mac = signingEnv('darwin', secrets);
    expect(mac.WIN_CSC_LINK).toBeUndefined();
    expect(mac.CSC_LINK).toBe('apple-cert');
    expect(signingEnv('linux', secrets).CSC_LINK).toBeUndefined();
    expect(signingEnv('win32', { CSC_LINK: 'apple-cert' }).CSC_LINK).toBeUndefined();
  });

  it('an unsigned release passes no signing secret at all', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const env = signingEnv(platform, { ...secrets, UNSIGNED_RELEASE: 'true' });
      expect(Object.keys(env).filter((k) => k in secrets)).toEqual([]);
    }
    expect(
      signingArgs('darwin', signingEnv('darwin', { ...secrets, UNSIGNED_RELEASE: 'true' })),
    ).toContain('-c.mac.identity=-');
  });

  it('Azure Trusted Signing when all four of its options are set', () => {
    const azure = {
      AZURE_SIGN_ENDPOINT: 'https://weu.codesigning.azure.net',
      AZURE_SIGN_ACCOUNT: 'acct',
      AZURE_SIGN_PROFILE: 'prof',
      AZURE_SIGN_PUBLISHER: 'Ephemera',
    };
    expect(signingArgs('win32', signingEnv('win32', azure))).toEqual([
      '-c.win.azureSignOptions.endpoint=https://weu.codesigning.azure.net',
      '-c.win.azureSignOptions.codeSigningAccountName=acct',
      '-c.win.azureSignOptions.certificateProfileName=prof',
      '-c.win.azureSignOptions.publisherName=Ephemera',
    ]);
    expect(
      signingArgs('win32', signingEnv('win32', { ...azure, AZURE_SIGN_PROFILE: ' ' })),
    ).toEqual([]);
  });

  it('an addon compiled on another runner turns the rebuild off', () => {
    expect(nativeAddonArgs({ EPHEMERA_NATIVE_ADDONS: 'native' })).toEqual(['-c.npmRebuild=false']);
    expect(nativeAddonArgs({})).toEqual([]);
  });
});
