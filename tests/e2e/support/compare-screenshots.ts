/**
 * Compares two folders of screenshots by file name:
 *
 *   node --import tsx tests/e2e/support/compare-screenshots.ts <folder A> <folder B>
 *
 * e.g. test-results/screenshots against test-results/screenshots-baseline (screenshots.spec.ts
 * run with SCREENSHOT_BASELINE_CSS set). Chromium encodes the same pixels into the same PNG
 * bytes, so equal files mean equal pictures. Prints each picture that differs or is missing and
 * exits 1 if there is one.
 */
import fs from 'node:fs';
import path from 'node:path';

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) {
  process.stderr.write('usage: compare-screenshots.ts <folder A> <folder B>\n');
  process.exit(2);
}
const names = fs
  .readdirSync(dirA)
  .filter((name) => name.endsWith('.png'))
  .sort();
let differing = 0;
for (const name of names) {
  const other = path.join(dirB, name);
  const verdict = !fs.existsSync(other)
    ? 'missing'
    : fs.readFileSync(path.join(dirA, name)).equals(fs.readFileSync(other))
      ? null
      : 'differs';
  if (verdict === null) continue;
  differing += 1;
  process.stdout.write(`${name}: ${verdict}\n`);
}
process.stdout.write(`${names.length - differing} of ${names.length} identical\n`);
process.exit(differing === 0 ? 0 : 1);
