import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildFacts,
  fileValue,
  readAppUpdateConfig,
  releasesPage,
  updateMode,
} from '../../../src-main/electron/updater.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const UNSIGNED = { windowsPublisher: null, macSigning: null };

describe('updateMode: who installs updates', () => {
  it('development runs: none', () => {
    expect(updateMode('win32', false, {}, { windowsPublisher: 'X', macSigning: null })).toBe(
      'none',
    );
  });

  it('Windows installs only when the running app is signed (publisher to compare with)', () => {
    expect(
      updateMode('win32', true, {}, { windowsPublisher: 'Ephemera Ltd', macSigning: null }),
    ).toBe('install');
    expect(updateMode('win32', true, {}, UNSIGNED)).toBe('download-page');
  });

  it('macOS installs when signed with a certificate; ad hoc offers the download', () => {
    expect(
      updateMode('darwin', true, {}, { windowsPublisher: null, macSigning: 'certificate' }),
    ).toBe('install');
    expect(updateMode('darwin', true, {}, UNSIGNED)).toBe('download-page');
    expect(updateMode('darwin', true, {}, { windowsPublisher: null, macSigning: 'ad-hoc' })).toBe(
      'download-page',
    );
  });

  it('Linux: the AppImage replaces itself, a deb offers the download', () => {
    expect(updateMode('linux', true, { APPIMAGE: '/a/E.AppImage' }, UNSIGNED)).toBe('install');
    expect(updateMode('linux', true, {}, UNSIGNED)).toBe('download-page');
  });
});

describe('app-update.yml and the build facts', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeTempDir));
  const dirWith = (files: Record<string, string>) => {
    const dir = makeTempDir('ephemera-updates-');
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  };

  it('reads provider, owner, repo and the Windows publisher list', () => {
    const dir = dirWith({
      'app-update.yml':
        'owner: someone\nrepo: ephemera\nprovider: github\npublisherName:\n  - Ephemera Ltd\nupdaterCacheDirName: x\n',
    });
    const config = readAppUpdateConfig(dir);
    expect(config).toEqual({
      provider: 'github',
      owner: 'someone',
      repo: 'ephemera',
      publisherName: 'Ephemera Ltd',
    });
    expect(releasesPage(config)).toBe('https://github.com/someone/ephemera/releases/latest');
    expect(buildFacts(dir, config).windowsPublisher).toBe('Ephemera Ltd');
  });

  it('no file, another provider or an odd owner: no page; unsigned: no publisher', () => {
    expect(readAppUpdateConfig(dirWith({}))).toBeNull();
    expect(releasesPage(null)).toBeNull();
    const generic = readAppUpdateConfig(dirWith({ 'app-update.yml': 'provider: generic\n' }));
    expect(releasesPage(generic)).toBeNull();
    const odd = readAppUpdateConfig(
      dirWith({ 'app-update.yml': 'owner: a/../b\nrepo: r\nprovider: github\n' }),
    );
    expect(releasesPage(odd)).toBeNull();
    const unsigned = readAppUpdateConfig(
      dirWith({ 'app-update.yml': 'owner: o\nrepo: r\nprovider: github\n' }),
    );
    expect(unsigned?.publisherName).toBeNull();
  });

  it('the packed package.json says how macOS was signed', () => {
    expect(
      buildFacts(dirWith({ 'package.json': '{"ephemeraSigning":"certificate"}' }), null),
    ).toEqual({
      windowsPublisher: null,
      macSigning: 'certificate',
    });
    expect(buildFacts(dirWith({ 'package.json': '{}' }), null).macSigning).toBeNull();
    expect(buildFacts(dirWith({}), null).macSigning).toBeNull();
  });

  it('fileValue keeps one line across starts', () => {
    const file = path.join(dirWith({}), 'sub', 'noticed.txt');
    const value = fileValue(file);
    expect(value.get()).toBeNull();
    value.set('0.2.0');
    expect(fileValue(file).get()).toBe('0.2.0');
  });
});
