import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh folder under the OS temp dir; remove it with removeTempDir. */
export function makeTempDir(prefix = 'ephemera-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
