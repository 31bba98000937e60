import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAppUpdateConfig, checkPackageType } from '../../../scripts/packed-app.mjs';
import {
  assembleRelease,
  checkReleaseFiles,
  mergeFeeds,
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

const SETUP = 'Ephemera-1.2.0-setup.exe';
const EXPECTED = [SETUP, `${SETUP}.blockmap`, 'latest.yml'];

/** A Windows release folder as electron-builder leaves it (one installer for both CPUs). */
function windowsRelease(overrides: Record<string, string | null> = {}) {
  const files: Record<string, string> = { [SETUP]: 'installer', [`${SETUP}.blockmap`]: 'map' };
  files['latest.yml'] = feedOf('1.2.0', [[SETUP, 'installer']]);
  for (const [name, text] of Object.entries(overrides)) {
    if (text === null) delete files[name];
    else files[name] = text;
  }
  return folder(files);
}

describe('release files line up', () => {
  it('accepts exactly the expected installers, feed and blockmaps', () => {
    expect(checkReleaseFiles(windowsRelease(), '1.2.0', EXPECTED).problems).toEqual([]);
  });

  it('refuses a file the release does not make (the per-CPU installers of the old pattern)', () => {
    const dir = windowsRelease({
      'Ephemera-1.2.0-setup-arm64.exe': 'arm64',
      'latest.yml': feedOf('1.2.0', [
        [SETUP, 'installer'],
        ['Ephemera-1.2.0-setup-arm64.exe', 'arm64'],
      ]),
    });
    expect(checkReleaseFiles(dir, '1.2.0', EXPECTED).problems).toEqual([
      'Ephemera-1.2.0-setup-arm64.exe is not a file this release makes',
    ]);
  });

  it('a missing blockmap, an installer the feed lacks, a wrong hash or size, another version', () => {
    expect(
      checkReleaseFiles(windowsRelease({ [`${SETUP}.blockmap`]: null }), '1.2.0', EXPECTED)
        .problems,
    ).toEqual([`${SETUP}.blockmap is missing`]);
    expect(
      checkReleaseFiles(windowsRelease({ [SETUP]: 'rebuilt' }), '1.2.0', EXPECTED).problems,
    ).toEqual([`latest.yml: ${SETUP} size differs`, `latest.yml: ${SETUP} SHA-512 differs`]);
    expect(
      checkReleaseFiles(
        windowsRelease({ 'latest.yml': 'version: 1.2.0\nfiles: []\n' }),
        '1.2.0',
        EXPECTED,
      ).problems,
    ).toEqual([`${SETUP} is in no latest*.yml`]);
    expect(checkReleaseFiles(windowsRelease(), '1.3.0', EXPECTED).problems).toContain(
      'latest.yml is for 1.2.0, not 1.3.0',
    );
  });

  it('a feed naming a file that is not there, no feed at all', () => {
    expect(
      checkReleaseFiles(windowsRelease({ [SETUP]: null }), '1.2.0', EXPECTED).problems,
    ).toEqual([`${SETUP} is missing`, `latest.yml names ${SETUP}, which is not there`]);
    expect(
      checkReleaseFiles(folder({ 'Ephemera-1.2.0-linux-amd64.deb': 'deb' }), '1.2.0', [
        'Ephemera-1.2.0-linux-amd64.deb',
        'latest-linux.yml',
      ]).problems,
    ).toEqual([
      'latest-linux.yml is missing',
      'Ephemera-1.2.0-linux-amd64.deb is in no latest*.yml',
    ]);
  });

  it('writes SHA256SUMS.txt that sha256sum -c reads', () => {
    const dir = folder({ 'Ephemera-1.2.0-linux-amd64.deb': 'deb', 'latest-linux.yml': 'x' });
    expect(writeChecksums(dir)).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'SHA256SUMS.txt'), 'utf8')).toBe(
      `${createHash('sha256').update('deb').digest('hex')}  Ephemera-1.2.0-linux-amd64.deb\n`,
    );
  });
});

describe('feeds from several jobs', () => {
  const x64 = 'Ephemera-1.2.0-mac-x64.zip';
  const arm = 'Ephemera-1.2.0-mac-arm64.zip';
  it('merges one name’s feeds: every file once, the first path, the latest date', () => {
    const merged = mergeFeeds([
      {
        version: '1.2.0',
        files: [{ url: x64, sha512: 'a', size: 1 }],
        path: x64,
        releaseDate: '2026-01-01',
      },
      {
        version: '1.2.0',
        files: [{ url: arm, sha512: 'b', size: 2 }],
        path: arm,
        releaseDate: '2026-01-02',
      },
    ]);
    expect(merged.files.map((f) => f.url)).toEqual([x64, arm]);
    expect(merged.path).toBe(x64);
    expect(merged.releaseDate).toBe('2026-01-02');
  });

  it('refuses two versions, or two different files of one name', () => {
    const a = { version: '1.2.0', files: [{ url: x64, sha512: 'a', size: 1 }] };
    expect(() => mergeFeeds([a, { ...a, version: '1.2.1' }])).toThrow(/two versions/);
    expect(() =>
      mergeFeeds([a, { version: '1.2.0', files: [{ url: x64, sha512: 'z', size: 1 }] }]),
    ).toThrow(/two files named/);
  });

  it('assembles the jobs’ folders into one release whose feeds check out', () => {
    const one = folder({ [x64]: 'x', 'latest-mac.yml': feedOf('1.2.0', [[x64, 'x']]) });
    const two = folder({ [arm]: 'a', 'latest-mac.yml': feedOf('1.2.0', [[arm, 'a']]) });
    const out = folder({});
    assembleRelease([one, two], out);
    expect(checkReleaseFiles(out, '1.2.0', [arm, x64, 'latest-mac.yml']).problems).toEqual([]);
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

  it('only the deb’s app says package-type deb', () => {
    expect(checkPackageType(folder({ 'package-type': 'deb\n' }), 'deb').problems).toEqual([]);
    expect(checkPackageType(folder({}), null).problems).toEqual([]);
    expect(checkPackageType(folder({ 'package-type': 'deb' }), null).problems[0]).toMatch(
      /package-type is deb, expected none$/,
    );
  });
});
