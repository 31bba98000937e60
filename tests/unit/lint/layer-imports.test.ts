import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// The layer rule needs no types; leaving type information out keeps this test fast.
const linter = new ESLint({
  cwd: ROOT,
  overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
  overrideConfig: { ...tseslint.configs.disableTypeChecked, files: ['**/*.ts', '**/*.tsx'] },
});

/** The messages of local/layer-imports for `code` as if it were the file at `relPath`. */
async function layerErrors(relPath: string, code: string): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(ROOT, relPath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'local/layer-imports')
    .map((m) => m.message);
}

describe('local/layer-imports (the layer map of docs/ARCHITECTURE.md)', () => {
  it.each([
    ['mail → http', 'src-main/mail/probe.ts', "import { x } from '../http/create-server.ts';"],
    ['video → app', 'src-main/video/probe.ts', "import type { X } from '../app/compose.ts';"],
    ['core → mail', 'src-main/core/probe.ts', "export { x } from '../mail/address.ts';"],
    ['video → mail', 'src-main/video/kit/probe.ts', "import '../../mail/address.ts';"],
    ['db → video', 'src-main/db/probe.ts', "const m = import('../video/scheduler.ts');"],
    ['http → electron', 'src-main/http/probe.ts', "export * from '../electron/csp.ts';"],
    ['core → net', 'src-main/core/probe.ts', "import '../net/listeners.ts';"],
    ['net → http', 'src-main/net/probe.ts', "import '../http/host-guard.ts';"],
    ['settings → http', 'src-main/settings/probe.ts', "import '../http/host-guard.ts';"],
    ['mail store → parse', 'src-main/mail/store/probe.ts', "import '../parse/parse-queue.ts';"],
    ['mail parse → smtp', 'src-main/mail/parse/probe.ts', "import '../smtp/raw-inbox.ts';"],
    ['mail room → mail', 'src-main/mail/read/probe.ts', "import '../mail-services.ts';"],
    [
      'src-shared → src-main',
      'src-shared/probe.ts',
      "import { x } from '../src-main/core/clock.ts';",
    ],
    [
      'renderer → src-main',
      'src-renderer/probe.tsx',
      "import { x } from '../src-main/core/clock.ts';",
    ],
  ])('reports an upward import (%s)', async (_name, file, code) => {
    expect(await layerErrors(file, `${code}\n`)).toHaveLength(1);
  });

  it.each([
    ['mail → core', 'src-main/mail/probe.ts', "import { x } from '../core/clock.ts';"],
    ['http → video', 'src-main/http/probe.ts', "import type { X } from '../video/scheduler.ts';"],
    ['app → mail', 'src-main/app/probe.ts', "export { x } from '../mail/address.ts';"],
    ['http → a mail room', 'src-main/http/probe.ts', "import '../mail/store/mail-store.ts';"],
    ['mail smtp → parse', 'src-main/mail/smtp/probe.ts', "import '../parse/parse-queue.ts';"],
    ['mail → a room', 'src-main/mail/probe.ts', "import '../mail/access/key-store.ts';"],
    ['core → src-shared', 'src-main/core/probe.ts', "import { x } from '../../src-shared/x.ts';"],
    ['within video', 'src-main/video/a/probe.ts', "import { x } from '../scheduler.ts';"],
    ['a package', 'src-main/video/probe.ts', "import { z } from 'zod';"],
  ])('passes a downward or sideways-in-layer import (%s)', async (_name, file, code) => {
    expect(await layerErrors(file, `${code}\n`)).toEqual([]);
  });
});
