import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchDesktopLaunch } from './desktop-launch.ts';
import { benchDownloadPipeline } from './download-pipeline.ts';
import { benchIdleRss } from './idle-rss.ts';
import { benchImapLatency } from './imap-latency.ts';
import { benchMailHostileBacklog } from './mail-hostile-backlog.ts';
import { benchMailFlood } from './mail-flood.ts';
import { benchMailIngest } from './mail-ingest.ts';
import { benchMailLargeMailbox } from './mail-large-mailbox.ts';
import { benchMailListLatency } from './mail-list-latency.ts';
import { benchMailSearch } from './mail-search.ts';
import { benchMailPushLatency } from './mail-push-latency.ts';
import { benchMediaTransport } from './media-transport.ts';
import { benchPolling } from './polling.ts';
import { printResult, printTable, type BenchResult } from './lib/result.ts';
import { exitNow } from './lib/standalone.ts';
import { benchServing } from './serving.ts';
import { benchWebhookLatency } from './webhook-latency.ts';

const BENCHES: [string, () => Promise<BenchResult[]>][] = [
  ['download-pipeline', benchDownloadPipeline],
  ['media-transport', benchMediaTransport],
  ['serving', benchServing],
  ['polling', benchPolling],
  ['idle-rss', benchIdleRss],
  ['desktop-launch', benchDesktopLaunch],
  ['mail-ingest', benchMailIngest],
  ['mail-flood', benchMailFlood],
  ['mail-push-latency', benchMailPushLatency],
  ['mail-hostile-backlog', benchMailHostileBacklog],
  ['mail-list-latency', benchMailListLatency],
  ['mail-search', benchMailSearch],
  ['mail-large-mailbox', benchMailLargeMailbox],
  ['webhook-latency', benchWebhookLatency],
  ['imap-latency', benchImapLatency],
];

/** `npm run bench`: every bench in sequence, then one summary table. */
async function main(): Promise<void> {
  // Ratios compare runs within one process on one machine; a busy machine still adds noise,
  // so the load average is printed next to the numbers.
  const load = (): string =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`node ${process.version}, ${os.cpus().length} CPUs, load average ${load()}`);
  const started = performance.now();
  const results: BenchResult[] = [];
  let crashed = false;
  for (const [name, bench] of BENCHES) {
    console.log(`\n## ${name}`);
    try {
      const out = await bench();
      for (const r of out) printResult(r);
      results.push(...out);
    } catch (err) {
      // One broken bench must not hide the others' numbers.
      crashed = true;
      console.error(`${name} failed:`, err);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n## summary (${seconds.toFixed(0)} s, load average now ${load()})\n`);
  printTable(results);
  exitNow(crashed ? 2 : results.every((r) => r.pass) ? 0 : 1);
}

await main();
