// Pure helpers of the native-ABI guard (scripts/ensure-native-abi.mjs), kept apart so the unit
// tests can import them without running anything. Types: native-abi.d.mts.

/** Machine codes of the executable formats a compiled addon comes in, by Node arch name. */
const ELF_MACHINES = { 0x03: 'ia32', 0x28: 'arm', 0x3e: 'x64', 0xb7: 'arm64' };
const MACHO_CPUS = { 0x01000007: 'x64', 0x0100000c: 'arm64', 0x07: 'ia32' };
const PE_MACHINES = { 0x014c: 'ia32', 0x8664: 'x64', 0xaa64: 'arm64', 0x01c4: 'arm' };

/**
 * What a compiled `.node` file was built for, read from its bytes: the ABI from the exported
 * `node_register_module_v<ABI>` symbol (Node and Electron number their ABIs apart, so the
 * number also names the runtime), the CPU from the ELF, Mach-O or PE header. Either is null
 * when it cannot be told (a universal Mach-O has no single CPU).
 */
export function readAddonInfo(bytes) {
  const match = /node_register_module_v(\d+)/.exec(bytes.toString('latin1'));
  return { abi: match ? match[1] : null, arch: readArch(bytes) };
}

function readArch(b) {
  if (b.length >= 20 && b[0] === 0x7f && b[1] === 0x45 && b[2] === 0x4c && b[3] === 0x46) {
    const machine = b[5] === 2 ? b.readUInt16BE(18) : b.readUInt16LE(18);
    return ELF_MACHINES[machine] ?? null;
  }
  if (b.length >= 8 && b.readUInt32LE(0) === 0xfeedfacf) {
    return MACHO_CPUS[b.readUInt32LE(4)] ?? null;
  }
  if (b.length >= 0x40 && b[0] === 0x4d && b[1] === 0x5a) {
    const pe = b.readUInt32LE(0x3c);
    if (pe + 6 <= b.length && b.readUInt32LE(pe) === 0x00004550) {
      return PE_MACHINES[b.readUInt16LE(pe + 4)] ?? null;
    }
  }
  return null;
}

/**
 * Decides whether better-sqlite3 must be rebuilt before `target` loads it.
 *
 * - target: the runtime about to start: `{ runtime: 'node' | 'electron', version, abi, arch }`
 *   (abi null when the Electron version is too new to be known);
 * - built: `readAddonInfo` of the compiled file, or null when there is none;
 * - marker: what the guard itself last built (`{ runtime, version, abi, arch }`), or null.
 *
 * Returns `{ action: 'none', reason }` or `{ action: 'rebuild', runtime, reason }`.
 */
export function decideNativeBuild({ target, built, marker }) {
  const rebuild = (reason) => ({ action: 'rebuild', runtime: target.runtime, reason });
  const name = `${target.runtime === 'node' ? 'Node' : 'Electron'} ${target.version}`;
  if (!built) return rebuild(`better-sqlite3 has no compiled addon; building it for ${name}`);
  if (built.arch && built.arch !== target.arch) {
    return rebuild(`better-sqlite3 is built for ${built.arch}, ${name} runs on ${target.arch}`);
  }
  if (target.abi && built.abi) {
    return built.abi === target.abi
      ? { action: 'none', reason: `better-sqlite3 already fits ${name} (ABI ${built.abi})` }
      : rebuild(`better-sqlite3 is built for ABI ${built.abi}, ${name} needs ABI ${target.abi}`);
  }
  // The ABI of one side is unknown: trust only what this guard itself built last time.
  const same =
    marker &&
    marker.runtime === target.runtime &&
    marker.version === target.version &&
    marker.arch === target.arch &&
    (built.abi === null || marker.abi === built.abi);
  return same
    ? { action: 'none', reason: `better-sqlite3 was last built here for ${name}` }
    : rebuild(`cannot tell which runtime better-sqlite3 is built for; building it for ${name}`);
}

/**
 * Why a packaged better-sqlite3 does not fit the runtime the package ships, or null when it does
 * (scripts/after-pack.mjs). Stricter than decideNativeBuild: there is no marker to fall back on,
 * so an ABI or CPU that cannot be read is a failure too. `expected.arch` "universal" (a macOS
 * universal app) skips the CPU check: its addon is a fat binary.
 */
export function packedAddonProblem({ expected, built }) {
  const name = `${expected.runtime === 'node' ? 'Node' : 'Electron'} ${expected.version}`;
  if (!built) return `the package has no compiled better-sqlite3 addon`;
  if (!expected.abi) return `the ABI of ${name} is unknown, so the addon cannot be checked`;
  if (!built.abi) return `the packaged addon's ABI cannot be read`;
  if (built.abi !== expected.abi) {
    return `the packaged addon is built for ABI ${built.abi}, ${name} needs ABI ${expected.abi}`;
  }
  if (expected.arch !== 'universal' && built.arch !== expected.arch) {
    return `the packaged addon is built for ${built.arch ?? 'an unknown CPU'}, the package is for ${expected.arch}`;
  }
  return null;
}
