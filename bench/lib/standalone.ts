import { pathToFileURL } from 'node:url';
import { printResult, type BenchResult } from './result.ts';

/**
 * Runs `bench` when `moduleUrl` is the script node was started with, so each bench file works
 * alone (`npx tsx bench/serving.ts`) and as a module of run-all.ts.
 */
export function runIfMain(moduleUrl: string, bench: () => Promise<BenchResult[]>): void {
  const entry = process.argv[1];
  if (!entry || pathToFileURL(entry).href !== moduleUrl) return;
  bench().then(
    (results) => {
      for (const r of results) printResult(r);
      exitNow(results.every((r) => r.pass) ? 0 : 1);
    },
    (err: unknown) => {
      console.error(err);
      exitNow(2);
    },
  );
}

/**
 * Exits once the numbers are printed. Every bench closes what it opened, but a start that fails
 * halfway (startTestApp leaves its simulator listening then) must not leave the run hanging.
 */
export function exitNow(code: number): void {
  process.exit(code);
}
