import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifiedWorkerPath } from '../../../src-main/mail/parse/parse-worker-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-hash-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the parse worker is checked before it runs', () => {
  const file = path.join(dir, 'parse-worker.mjs');
  fs.writeFileSync(file, 'export {};\n');
  const sha = createHash('sha256').update('export {};\n').digest('hex');

  it('runs the file whose SHA-256 the build recorded', () => {
    expect(verifiedWorkerPath(file, sha)).toBe(file);
  });

  it('refuses a file changed after the build (one byte), or a malformed hash', () => {
    const changed = path.join(dir, 'changed.mjs');
    fs.writeFileSync(changed, 'export {};\n ');
    expect(() => verifiedWorkerPath(changed, sha)).toThrow(/SHA-256 differs/);
    expect(() => verifiedWorkerPath(file, sha.slice(0, 10))).toThrow(/SHA-256 differs/);
  });

  it('without a recorded hash (running from sources) the file passes unchecked', () => {
    expect(verifiedWorkerPath(path.join(dir, 'missing.mjs'), undefined)).toContain('missing');
  });
});
