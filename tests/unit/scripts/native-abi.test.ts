import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decideNativeBuild,
  readAddonInfo,
  type NativeTarget,
} from '../../../scripts/native-abi.mjs';

const NODE: NativeTarget = { runtime: 'node', version: '20.20.2', abi: '115', arch: 'x64' };
const ELECTRON: NativeTarget = { runtime: 'electron', version: '45.4.1', abi: '150', arch: 'x64' };

describe('decideNativeBuild', () => {
  it('does nothing when the addon already fits the runtime about to start', () => {
    expect(
      decideNativeBuild({ target: NODE, built: { abi: '115', arch: 'x64' }, marker: null }),
    ).toMatchObject({ action: 'none' });
    expect(
      decideNativeBuild({ target: ELECTRON, built: { abi: '150', arch: 'x64' }, marker: null }),
    ).toMatchObject({ action: 'none' });
  });

  it('rebuilds for Electron before the desktop starts on a Node build', () => {
    expect(
      decideNativeBuild({ target: ELECTRON, built: { abi: '115', arch: 'x64' }, marker: null }),
    ).toMatchObject({
      action: 'rebuild',
      runtime: 'electron',
      reason: expect.stringContaining('ABI 115') as string,
    });
  });

  it('rebuilds for Node before the tests run on an Electron build (after packaging)', () => {
    expect(
      decideNativeBuild({ target: NODE, built: { abi: '150', arch: 'x64' }, marker: null }),
    ).toMatchObject({ action: 'rebuild', runtime: 'node' });
  });

  it('rebuilds when Node itself changed (nvm use 22)', () => {
    const node22 = { ...NODE, version: '22.12.0', abi: '127' };
    expect(
      decideNativeBuild({ target: node22, built: { abi: '115', arch: 'x64' }, marker: null }),
    ).toMatchObject({ action: 'rebuild', runtime: 'node' });
  });

  it('rebuilds when the addon is missing, or for another CPU (a cross-arch package)', () => {
    expect(decideNativeBuild({ target: NODE, built: null, marker: null })).toMatchObject({
      action: 'rebuild',
    });
    expect(
      decideNativeBuild({
        target: { ...NODE, arch: 'arm64' },
        built: { abi: '115', arch: 'x64' },
        marker: null,
      }),
    ).toMatchObject({ action: 'rebuild', reason: expect.stringContaining('x64') as string });
  });

  it('with an unknown Electron ABI, trusts only its own marker of the same version', () => {
    const unknown = { ...ELECTRON, abi: null };
    const built = { abi: '150', arch: 'x64' };
    const marker = { runtime: 'electron' as const, version: '45.4.1', abi: '150', arch: 'x64' };
    expect(decideNativeBuild({ target: unknown, built, marker })).toMatchObject({ action: 'none' });
    expect(decideNativeBuild({ target: unknown, built, marker: null })).toMatchObject({
      action: 'rebuild',
    });
    expect(
      decideNativeBuild({ target: unknown, built, marker: { ...marker, version: '44.0.0' } }),
    ).toMatchObject({ action: 'rebuild' });
    // The marker is stale if the file changed since (electron-builder rebuilt it).
    expect(
      decideNativeBuild({ target: unknown, built: { abi: '151', arch: 'x64' }, marker }),
    ).toMatchObject({ action: 'rebuild' });
  });
});

/** The smallest headers the reader looks at, around an exported symbol name. */
function elf(machine: number, abi: string): Buffer {
  const b = Buffer.alloc(64);
  b.write('\x7fELF', 0, 'latin1');
  b[5] = 1;
  b.writeUInt16LE(machine, 18);
  return Buffer.concat([b, Buffer.from(`\0node_register_module_v${abi}\0`, 'latin1')]);
}

function macho(cpu: number, abi: string): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeUInt32LE(cpu, 4);
  return Buffer.concat([b, Buffer.from(`_node_register_module_v${abi}`, 'latin1')]);
}

function pe(machine: number, abi: string): Buffer {
  const b = Buffer.alloc(0x100);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.writeUInt32LE(0x00004550, 0x80);
  b.writeUInt16LE(machine, 0x84);
  return Buffer.concat([b, Buffer.from(`node_register_module_v${abi}`, 'latin1')]);
}

describe('readAddonInfo', () => {
  it('reads ABI and CPU from ELF, Mach-O and PE files', () => {
    expect(readAddonInfo(elf(0x3e, '115'))).toEqual({ abi: '115', arch: 'x64' });
    expect(readAddonInfo(elf(0xb7, '150'))).toEqual({ abi: '150', arch: 'arm64' });
    expect(readAddonInfo(macho(0x0100000c, '150'))).toEqual({ abi: '150', arch: 'arm64' });
    expect(readAddonInfo(macho(0x01000007, '127'))).toEqual({ abi: '127', arch: 'x64' });
    expect(readAddonInfo(pe(0x8664, '150'))).toEqual({ abi: '150', arch: 'x64' });
  });

  it('says null for what it cannot tell', () => {
    expect(readAddonInfo(Buffer.from('not a binary'))).toEqual({ abi: null, arch: null });
  });

  it('reads the installed better-sqlite3 as built for this Node', () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
    const addon = path.join(dir, 'build', 'Release', 'better_sqlite3.node');
    expect(readAddonInfo(fs.readFileSync(addon))).toEqual({
      abi: process.versions.modules,
      arch: process.arch,
    });
  });
});
