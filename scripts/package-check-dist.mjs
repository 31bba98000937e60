// The stand-in Electron distribution `npm run package:check` packs against (scripts/
// package-check.mjs): shaped like Electron's Linux zip where electron-builder looks (an
// `electron` executable, `version`, `LICENSE`, `resources/`), with no default_app.asar.
//
// Its "executable" is a shell script that only says what it is, carrying the fuse wire Electron
// embeds (the sentinel, version 1, eight fuses in Electron's default states) so electron-builder's
// @electron/fuses step flips them as in a real binary and the check can read them back.
// STAND_IN_MARKER tells scripts/after-pack.mjs to expect an addon built for this Node.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAND_IN_MARKER } from './after-pack.mjs';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(ROOT, 'package.json'));

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/**
 * Electron's defaults, in @electron/fuses' order: RunAsNode on, CookieEncryption off,
 * NodeOptions on, NodeCliInspect on, EmbeddedAsarIntegrityValidation off, OnlyLoadAppFromAsar
 * off, LoadBrowserProcessSpecificV8Snapshot off, GrantFileProtocolExtraPrivileges on.
 */
const DEFAULT_FUSES = '10110001';

export function makeStandInDist(dir) {
  const electronDir = path.dirname(require.resolve('electron/package.json'));
  const { version } = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8'));
  fs.mkdirSync(path.join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(
      `#!/bin/sh\necho "stand-in Electron ${version} (npm run package:check)" >&2\nexit 1\n# `,
    ),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, DEFAULT_FUSES.length]),
    Buffer.from(DEFAULT_FUSES),
    Buffer.from('\n'),
  ]);
  fs.writeFileSync(path.join(dir, 'electron'), wire, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'version'), `${version}\n`);
  fs.copyFileSync(path.join(electronDir, 'LICENSE'), path.join(dir, 'LICENSE'));
  fs.writeFileSync(
    path.join(dir, STAND_IN_MARKER),
    `${JSON.stringify({ runtime: 'node', version: process.versions.node, abi: process.versions.modules })}\n`,
  );
  return dir;
}
