import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnChild, waitForLine, type Child } from './child-process.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The real headless server, from the esbuild bundle, as `npm start -- --headless` runs it. */
export interface HeadlessApp {
  child: Child;
  base: string;
  smtpPort: number;
  /** Printed on the first run on a data folder only. */
  key: string | null;
}

/** Builds dist/main (the bundle the app ships). */
export function buildMainBundle(): void {
  execFileSync(process.execPath, ['scripts/build-main.mjs'], { cwd: ROOT });
}

/** Node's arguments for the headless bundle on `dataDir`, on free ports. */
export function headlessArgs(dataDir: string): string[] {
  return [
    'dist/main/start.mjs',
    '--headless',
    '--port',
    '0',
    '--smtp-port',
    '0',
    '--data-dir',
    dataDir,
  ];
}

/** Starts the bundle on `dataDir` and resolves once its start lines are printed. */
export async function startHeadless(dataDir: string, firstRun: boolean): Promise<HeadlessApp> {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawnChild([...nodeArgs, ...headlessArgs(dataDir)], ROOT);

  // The start lines may arrive in one chunk: wait for the last, then read them all.
  let printed = '';
  child.proc.stdout?.on('data', (c: Buffer) => (printed += c.toString()));
  await waitForLine(
    child,
    firstRun ? /API key \(shown once\): \S+/ : /SMTP listening on \S+/,
    30_000,
  );
  const base = /HTTP listening on (\S+)/.exec(printed)?.[1];
  const smtpPort = Number(/SMTP listening on \S+:(\d+)/.exec(printed)?.[1]);
  if (!base) throw new Error('could not read the address');
  return { child, base, smtpPort, key: /API key \(shown once\): (\S+)/.exec(printed)?.[1] ?? null };
}
