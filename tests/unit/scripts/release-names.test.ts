import { describe, expect, it } from 'vitest';
import {
  expectedFiles,
  installerName,
  jobInstallers,
  loadConfig,
  releaseInstallers,
} from '../../../scripts/release-names.mjs';

const PKG = { name: 'ephemera', productName: 'Ephemera', version: '1.2.0' };

describe('release names, from electron-builder.yml by electron-builder’s functions', () => {
  it('one Windows installer for both CPUs, named without a CPU', () => {
    const win = jobInstallers('win', null, releaseInstallers(loadConfig(), PKG));
    expect(win.map((i) => [i.file, i.cpus, i.feed])).toEqual([
      ['Ephemera-1.2.0-setup.exe', ['x64', 'arm64'], 'latest.yml'],
    ]);
    expect(installerName('win', 'arm64', 'nsis', releaseInstallers(loadConfig(), PKG))).toBe(
      'Ephemera-1.2.0-setup.exe',
    );
  });

  it('the old ${arch} pattern makes three installers (electron-builder PR 5718)', () => {
    const config = loadConfig();
    const old = {
      ...config,
      nsis: { artifactName: '${productName}-${version}-setup-${arch}.${ext}' },
    };
    expect(jobInstallers('win', null, releaseInstallers(old, PKG)).map((i) => i.file)).toEqual([
      'Ephemera-1.2.0-setup.exe',
      'Ephemera-1.2.0-setup-x64.exe',
      'Ephemera-1.2.0-setup-arm64.exe',
    ]);
  });

  it('Linux: the AppImage says x86_64 and arm64, the deb amd64 and arm64', () => {
    const all = releaseInstallers(loadConfig(), PKG);
    expect(expectedFiles(jobInstallers('linux', 'x64', all))).toEqual([
      'Ephemera-1.2.0-linux-amd64.deb',
      'Ephemera-1.2.0-linux-x86_64.AppImage',
      'latest-linux.yml',
    ]);
    expect(expectedFiles(jobInstallers('linux', 'arm64', all))).toEqual([
      'Ephemera-1.2.0-linux-arm64.AppImage',
      'Ephemera-1.2.0-linux-arm64.deb',
      'latest-linux-arm64.yml',
    ]);
  });

  it('macOS: dmg and zip per CPU with blockmaps, one latest-mac.yml', () => {
    const all = releaseInstallers(loadConfig(), PKG);
    expect(expectedFiles(jobInstallers('mac', 'arm64', all))).toEqual([
      'Ephemera-1.2.0-mac-arm64.dmg',
      'Ephemera-1.2.0-mac-arm64.dmg.blockmap',
      'Ephemera-1.2.0-mac-arm64.zip',
      'Ephemera-1.2.0-mac-arm64.zip.blockmap',
      'latest-mac.yml',
    ]);
    expect(() => installerName('mac', 'ia32', 'dmg', all)).toThrow(/no dmg installer/);
  });

  it('a pattern with a macro electron-builder does not know fails loudly', () => {
    const config = { ...loadConfig(), nsis: { artifactName: '${productName}-${nope}.${ext}' } };
    expect(() => releaseInstallers(config, PKG)).toThrow(/macro nope is not defined/);
  });
});
