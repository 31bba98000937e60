import { describe, expect, it } from 'vitest';
import { signingArgs } from '../../../scripts/electron-builder.mjs';
import { packedAddonProblem, type NativeTarget } from '../../../scripts/native-abi.mjs';

const ELECTRON: NativeTarget = { runtime: 'electron', version: '45.4.1', abi: '150', arch: 'x64' };

describe('packedAddonProblem (the afterPack check)', () => {
  it('accepts an addon built for the packed Electron and arch', () => {
    expect(packedAddonProblem({ expected: ELECTRON, built: { abi: '150', arch: 'x64' } })).toBe(
      null,
    );
  });

  it('refuses a Node build, another arch, a missing or unreadable addon, an unknown target ABI', () => {
    expect(
      packedAddonProblem({ expected: ELECTRON, built: { abi: '115', arch: 'x64' } }),
    ).toContain('ABI 115');
    expect(
      packedAddonProblem({ expected: ELECTRON, built: { abi: '150', arch: 'arm64' } }),
    ).toContain('arm64');
    expect(packedAddonProblem({ expected: ELECTRON, built: null })).toContain('no compiled');
    expect(packedAddonProblem({ expected: ELECTRON, built: { abi: null, arch: 'x64' } })).toContain(
      'cannot be read',
    );
    expect(
      packedAddonProblem({
        expected: { ...ELECTRON, abi: null },
        built: { abi: '150', arch: 'x64' },
      }),
    ).toContain('unknown');
  });

  it('skips only the CPU check for a macOS universal app (fat binary)', () => {
    const universal = { ...ELECTRON, arch: 'universal' };
    expect(packedAddonProblem({ expected: universal, built: { abi: '150', arch: null } })).toBe(
      null,
    );
    expect(packedAddonProblem({ expected: universal, built: { abi: '115', arch: null } })).not.toBe(
      null,
    );
  });
});

describe('signingArgs', () => {
  it('signs macOS ad hoc, without hardened runtime or notarisation, when no certificate is set', () => {
    expect(signingArgs('darwin', {})).toEqual([
      '-c.mac.identity=-',
      '-c.mac.hardenedRuntime=false',
      '-c.mac.notarize=false',
    ]);
    expect(signingArgs('darwin', { CSC_LINK: '  ' })).toContain('-c.mac.identity=-');
  });

  it('leaves signing to electron-builder when a certificate is set, and on other OSes', () => {
    // A certificate also marks the packed package.json (in-place updates on macOS).
    const marked = ['-c.extraMetadata.ephemeraSigning=certificate'];
    expect(signingArgs('darwin', { CSC_LINK: 'base64…' })).toEqual(marked);
    expect(signingArgs('darwin', { CSC_NAME: 'Developer ID Application: X' })).toEqual(marked);
    expect(signingArgs('win32', {})).toEqual([]);
    expect(signingArgs('linux', {})).toEqual([]);
  });
});
