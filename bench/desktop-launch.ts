import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { mainBuild } from '../scripts/build-options.mjs';
import { median, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'dist', 'bench');
const ROUNDS = 7;
const GOAL_MS = 300;

interface Marks {
  modulesMs?: number;
  windowMs?: number;
  readyMs: number;
}

/**
 * Launch → services ready, and launch → window requested, of the desktop start (runDesktop
 * with Electron stubbed, real services), against a bare Node HTTP server started the same way
 * in the same run. Both are esbuild bundles like dist/main, each run in a fresh node; times
 * are from process start (performance.now()). Rounds alternate so drift hits both alike.
 */
export async function benchDesktopLaunch(): Promise<BenchResult[]> {
  // The bare server is a plain bundle; ours are built as scripts/build-options.mjs builds
  // dist/main (every package bundled but electron and better-sqlite3), once as one file and
  // once code-split as shipped.
  await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: OUT,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    entryPoints: { 'bare-entry': path.join(ROOT, 'bench/launch/bare-entry.ts') },
  });
  const entry = path.join(ROOT, 'bench/launch/desktop-entry.ts');
  const shipped = { ...mainBuild, entryPoints: { 'desktop-entry': entry }, metafile: false };
  // One file: esbuild hoists every package import to the top, so they all load before the
  // window is asked for.
  await build({ ...shipped, outdir: path.join(OUT, 'one'), splitting: false });
  // Code-split (what ships): the services' packages load from their own chunk, after the window.
  await build({ ...shipped, outdir: path.join(OUT, 'split'), splitting: true });
  // The parse worker sits beside the bundle that loads it (it starts only for mail).
  execFileSync(process.execPath, ['scripts/build-main.mjs'], { cwd: ROOT });
  for (const dir of ['one', 'split']) {
    fs.copyFileSync(
      path.join(ROOT, 'dist/main/parse-worker.mjs'),
      path.join(OUT, dir, 'parse-worker.mjs'),
    );
  }

  const one: Marks[] = [];
  const split: Marks[] = [];
  const bare: Marks[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    one.push(run('one/desktop-entry.mjs'));
    split.push(run('split/desktop-entry.mjs'));
    bare.push(run('bare-entry.mjs'));
  }
  const base = bare.map((m) => m.readyMs);
  const result = (name: string, ours: Marks[]): BenchResult => {
    const ready = ours.map((m) => m.readyMs);
    const oursReady = median(ready);
    return {
      name,
      unit: 'ms',
      ours: oursReady,
      baseline: median(base),
      ratio: median(ready.map((r, i) => r / (base[i] ?? Number.NaN))),
      goal: `≤ ${GOAL_MS} ms`,
      pass: oursReady <= GOAL_MS,
      note: `window asked for at ${median(ours.map((m) => m.windowMs ?? 0)).toFixed(0)} ms, entry code ran at ${median(ours.map((m) => m.modulesMs ?? 0)).toFixed(0)} ms (medians of ${ROUNDS}); baseline: a bare node:http server, fresh node, same rounds`,
    };
  };
  return [
    result('desktop launch → services ready (one bundle)', one),
    result('desktop launch → services ready (code-split)', split),
  ];
}

function run(entry: string): Marks {
  const out = execFileSync(process.execPath, [path.join(OUT, entry)], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
  });
  const line = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as Marks;
}

runIfMain(import.meta.url, benchDesktopLaunch);
