/**
 * Micro-benchmark of `extractCode`: runs it over every corpus mail (tests/fixtures/mail-corpus)
 * and over the 5 KB plain-text mail of the ingest bench, and prints µs per mail.
 *
 *   npx tsx bench/mail/extract-code-speed.ts
 *
 * EXTRACT_BASELINE=/path/to/extract-code.ts also times that module in the same run, alternating
 * rounds, and checks that both give the same result for every mail.
 * EXTRACT_ROUNDS (default 7) and EXTRACT_BUDGET_MS (default 400 per round and set) bound the work.
 */

import { pathToFileURL } from 'node:url';
import { extractCode } from '../../src-main/mail/code-extraction/extract-code.ts';
import { loadCorpus } from '../../tests/unit/mail/code-extraction/corpus-loader.ts';
import { benchMessage } from './smtp-load-plan.ts';

type Extract = typeof extractCode;
interface Mail {
  subject: string | null;
  text: string | null;
  html: string | null;
}

const ROUNDS = Number(process.env.EXTRACT_ROUNDS ?? 7);
const BUDGET_MS = Number(process.env.EXTRACT_BUDGET_MS ?? 400);
const MAX_PASSES = 10_000;

/** The ingest bench's mail as mailparser hands it over: subject and text part. */
function ingestMails(count: number): Mail[] {
  const mails: Mail[] = [];
  for (let n = 0; n < count; n++) {
    const raw = benchMessage('someone@example.com', n, 5 * 1024);
    const split = raw.indexOf('\r\n\r\n');
    mails.push({
      subject: `bench ${n}`,
      text: raw.slice(split + 4).replace(/\r\n/g, '\n'),
      html: null,
    });
  }
  return mails;
}

/** µs per mail: whole passes over `mails` until the time budget is spent. */
function timePerMail(extract: Extract, mails: readonly Mail[]): number {
  const t0 = performance.now();
  let passes = 0;
  let sink = 0;
  do {
    for (const m of mails) sink += extract(m)?.length ?? 0;
    passes++;
  } while (performance.now() - t0 < BUDGET_MS && passes < MAX_PASSES);
  if (sink < 0) console.log(sink);
  return ((performance.now() - t0) * 1000) / (passes * mails.length);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function main(): Promise<void> {
  const sets: [string, Mail[]][] = [
    ['corpus', loadCorpus()],
    ['ingest 5 KB', ingestMails(50)],
  ];
  const impls: [string, Extract][] = [['current', extractCode]];
  const baselinePath = process.env.EXTRACT_BASELINE;
  if (baselinePath) {
    const mod = (await import(pathToFileURL(baselinePath).href)) as { extractCode: Extract };
    impls.unshift(['baseline', mod.extractCode]);
    let differ = 0;
    for (const [, mails] of sets) {
      for (const m of mails) {
        if (mod.extractCode(m) !== extractCode(m)) differ++;
      }
    }
    console.log(`results differing from the baseline: ${differ}`);
  }
  for (const [setName, mails] of sets) {
    const samples = new Map<string, number[]>(impls.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate the order: load on the machine drifts.
      const order = round % 2 === 0 ? impls : [...impls].reverse();
      for (const [name, extract] of order) samples.get(name)?.push(timePerMail(extract, mails));
    }
    for (const [name, xs] of samples) {
      console.log(
        `${setName} (${mails.length} mails), ${name}: ${median(xs).toFixed(1)} µs/mail ` +
          `(median of ${ROUNDS}, min ${Math.min(...xs).toFixed(1)})`,
      );
    }
  }
}

await main();
