import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { procStatusMb, spawnChild, waitForLine } from './lib/child-process.ts';
import { buildMainBundle, headlessArgs, ROOT } from './lib/headless-app.ts';
import { fmt, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';

const GOAL_MB = 100;
const IDLE_MS = 3000;
const READY_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 10_000;

interface Idle {
  rssMb: number;
  anonMb: number;
  exit: number | null | 'killed';
  stderr: string;
}

/**
 * The resident memory of the real headless process after 3 s idle, started the way `npm start`
 * does (the esbuild bundle in dist/main) but with node itself, so the pid we read is the
 * server's and not a wrapper's. For reference, plain node running an empty script: what Node
 * costs before any of our code loads.
 */
export async function benchIdleRss(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-bench-rss-'));
  try {
    buildMainBundle();
    const ours = await idle(headlessArgs(dataDir), /HTTP listening on \S+/);
    const empty = await idle(['-e', "console.log('ready'); setInterval(() => {}, 1000);"], /ready/);
    console.log(
      `idle RSS: ours ${fmt(ours.rssMb)} MB (anon ${fmt(ours.anonMb)}), SIGTERM → exit ${ours.exit}; ` +
        `empty node script ${fmt(empty.rssMb)} MB (anon ${fmt(empty.anonMb)})`,
    );
    const cleanExit = ours.exit === 0;
    return [
      {
        name: 'idle RSS, headless process (3 s idle)',
        unit: 'MB',
        ours: ours.rssMb,
        baseline: empty.rssMb,
        ratio: null,
        goal: `≤ ${GOAL_MB} MB, exit 0`,
        pass: ours.rssMb <= GOAL_MB && cleanExit,
        note:
          `VmRSS (MiB); baseline column = an empty script under plain node, for ` +
          `reference only; SIGTERM → exit ${ours.exit}` +
          (cleanExit ? '' : `; stderr: ${ours.stderr.trim()}`),
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts node with `args`, waits for `ready`, idles, reads VmRSS, then stops it. */
async function idle(args: string[], ready: RegExp): Promise<Idle> {
  const child = spawnChild(args, ROOT);
  try {
    await waitForLine(child, ready, READY_TIMEOUT_MS);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const rssMb = procStatusMb(child.pid, 'VmRSS');
    const anonMb = procStatusMb(child.pid, 'RssAnon');
    return { rssMb, anonMb, exit: await child.stop(EXIT_TIMEOUT_MS), stderr: child.stderr() };
  } finally {
    // On any failure above the child must still not outlive the bench.
    await child.stop(EXIT_TIMEOUT_MS);
  }
}

runIfMain(import.meta.url, benchIdleRss);
