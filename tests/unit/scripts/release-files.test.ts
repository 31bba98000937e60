import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  artifactPattern,
  checkAppUpdateConfig,
  checkReleaseFiles,
  writeChecksums,
} from '../../../scripts/release-files.mjs';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeTempDir));
function folder(files: Record<string, string>): string {
  const dir = makeTempDir('ephemera-release-');
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}
const sha512 = (text: string) => createHash('sha512').update(text).digest('base64');
const feedOf = (version: string, entries: [string, string][]) =>
  [
    `version: ${version}`,
    'files:',
    ...entries.flatMap(([url, text]) => [
      `  - url: ${url}`,
      `    sha512: ${sha512(text)}`,
      `    size: ${Buffer.byteLength(text)}`,
    ]),
    `path: ${entries[0]?.[0]}`,
    `sha512: ${sha512(entries[0]?.[1] ?? '')}`,
  ].join('\n');

/** A Windows release folder as electron-builder leaves it (x64 and arm64). */
function windowsRelease(overrides: Record<string, string | null> = {}) {
  const x64 = 'Ephemera-1.2.0-setup-x64.exe';
  const arm = 'Ephemera-1.2.0-setup-arm64.exe';
  const files: Record<string, string> = {
    [x64]: 'x64 installer',
    [arm]: 'arm64 installer',
    [`${x64}.blockmap`]: 'map',
    [`${arm}.blockmap`]: 'map',
  };
  files['latest.yml'] = feedOf('1.2.0', [
    [x64, files[x64] ?? ''],
    [arm, files[arm] ?? ''],
  ]);
  for (const [name, text] of Object.entries(overrides)) {
    if (text === null) delete files[name];
    else files[name] = text;
  }
  return folder(files);
}

describe('release files line up', () => {
  it('names every format and arch as electron-builder.yml does', () => {
    const p = artifactPattern('1.2.0');
    for (const name of [
      // One NSIS installer for both CPUs (electron-builder drops ${arch} then).
      'Ephemera-1.2.0-setup.exe',
      'Ephemera-1.2.0-setup-x64.exe',
      'Ephemera-1.2.0-setup-arm64.exe',
      'Ephemera-1.2.0-mac-arm64.dmg',
      'Ephemera-1.2.0-mac-x64.zip',
      'Ephemera-1.2.0-linux-x86_64.AppImage',
      'Ephemera-1.2.0-linux-aarch64.AppImage',
      'Ephemera-1.2.0-linux-amd64.deb',
      'Ephemera-1.2.0-linux-arm64.deb',
    ]) {
      expect(p.test(name), name).toBe(true);
    }
    expect(p.test('Ephemera-1.2.0-setup-ia32.exe')).toBe(false);
    expect(p.test('Ephemera Setup 1.2.0.exe')).toBe(false);
    expect(p.test('Ephemera-1.2.1-setup-x64.exe')).toBe(false);
  });

  it('accepts installers, feed and blockmaps that agree', () => {
    expect(checkReleaseFiles(windowsRelease(), '1.2.0').problems).toEqual([]);
  });

  it('a missing blockmap, an installer the feed lacks, a wrong hash or size, another version', () => {
    expect(
      checkReleaseFiles(
        windowsRelease({ 'Ephemera-1.2.0-setup-arm64.exe.blockmap': null }),
        '1.2.0',
      ).problems,
    ).toEqual(['Ephemera-1.2.0-setup-arm64.exe.blockmap is missing']);
    expect(
      checkReleaseFiles(windowsRelease({ 'Ephemera-1.2.0-setup-x64.exe': 'rebuilt' }), '1.2.0')
        .problems,
    ).toEqual([
      'latest.yml: Ephemera-1.2.0-setup-x64.exe size differs',
      'latest.yml: Ephemera-1.2.0-setup-x64.exe SHA-512 differs',
    ]);
    expect(
      checkReleaseFiles(
        windowsRelease({
          'latest.yml': feedOf('1.2.0', [['Ephemera-1.2.0-setup-x64.exe', 'x64 installer']]),
        }),
        '1.2.0',
      ).problems,
    ).toEqual(['Ephemera-1.2.0-setup-arm64.exe is in no latest*.yml']);
    expect(checkReleaseFiles(windowsRelease(), '1.3.0').problems).toContain(
      'latest.yml is for 1.2.0, not 1.3.0',
    );
  });

  it('a feed naming a file that is not there, a stray blockmap, no feed at all', () => {
    const dir = windowsRelease({ 'Ephemera-1.2.0-setup-arm64.exe': null });
    expect(checkReleaseFiles(dir, '1.2.0').problems).toEqual([
      'Ephemera-1.2.0-setup-arm64.exe.blockmap has no installer',
      'latest.yml names Ephemera-1.2.0-setup-arm64.exe, which is not there',
    ]);
    expect(
      checkReleaseFiles(folder({ 'Ephemera-1.2.0-linux-amd64.deb': 'deb' }), '1.2.0').problems,
    ).toEqual([expect.stringMatching(/^no latest\*\.yml/)]);
  });

  it('writes SHA256SUMS.txt that sha256sum -c reads', () => {
    const dir = folder({ 'Ephemera-1.2.0-linux-amd64.deb': 'deb', 'latest-linux.yml': 'x' });
    expect(writeChecksums(dir)).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'SHA256SUMS.txt'), 'utf8')).toBe(
      `${createHash('sha256').update('deb').digest('hex')}  Ephemera-1.2.0-linux-amd64.deb\n`,
    );
  });
});

describe('app-update.yml', () => {
  it('needs the GitHub provider, owner and repo, and the release repository when given', () => {
    const good = folder({
      'app-update.yml':
        'owner: someone\nrepo: ephemera\nprovider: github\npublisherName:\n  - Ephemera Ltd\n',
    });
    expect(checkAppUpdateConfig(good, 'Someone/Ephemera')).toEqual({
      line: 'app-update.yml: github someone/ephemera, publisher Ephemera Ltd',
      problems: [],
    });
    expect(checkAppUpdateConfig(good, 'other/ephemera').problems).toEqual([
      'app-update.yml names someone/ephemera, the release is other/ephemera',
    ]);
    // What electron-builder writes when it cannot find the repository (no git remote).
    expect(
      checkAppUpdateConfig(folder({ 'app-update.yml': 'updaterCacheDirName: ephemera-updater\n' }))
        .problems,
    ).toEqual(['app-update.yml provider is undefined', 'app-update.yml has no owner or repo']);
    expect(checkAppUpdateConfig(folder({})).problems[0]).toMatch(/app-update\.yml is missing$/);
  });
});
