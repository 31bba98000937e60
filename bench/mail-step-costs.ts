import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src-main/db/open-database.ts';
import { extractCode } from '../src-main/mail/code-extraction/extract-code.ts';
import { extractLink } from '../src-main/mail/link-extraction/extract-link.ts';
import { MailStore } from '../src-main/mail/store/mail-store.ts';
import { parseMessage } from '../src-main/mail/parse/message-parser.ts';
import { ParsedMailWriter } from '../src-main/mail/parse/parsed-mail-writer.ts';
import { RawStore, type StoredRaw } from '../src-main/mail/store/raw-store.ts';
import { createLogger } from '../src-main/core/logger.ts';
import { fmt } from './lib/result.ts';
import { benchMessage } from './mail/smtp-load-plan.ts';

const MAILS = 6_000;
const RECIPIENTS = 20;

/**
 * CPU per mail of each step a 5 KB mail takes in the server, in this thread, on the bench's
 * own mail (bench/mail-ingest.ts sends the same): what the ingest bench's totals are made of.
 * SMTP itself is the bare smtp-server sink's CPU per mail, printed by bench/mail-ingest.ts.
 * `npx tsx bench/mail-step-costs.ts`
 */
async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemera-steps-'));
  const db = openDatabase(path.join(dir, 'steps.db'));
  const raws = new RawStore(db);
  const store = new MailStore(db);
  const writer = new ParsedMailWriter(raws, store, (e) => e, createLogger('steps', true));
  const to = Array.from({ length: RECIPIENTS }, (_, i) => `box${i}@bench.test`);
  const messages = Array.from({ length: MAILS }, (_, i) =>
    Buffer.from(benchMessage(to[i % RECIPIENTS] ?? '', i, 5 * 1024)),
  );
  const steps: [string, string, number][] = [];
  const measure = async (name: string, thread: string, run: () => unknown): Promise<void> => {
    const before = process.cpuUsage();
    await run();
    const used = process.cpuUsage(before);
    steps.push([name, thread, (used.user + used.system) / MAILS]);
  };

  let ids: number[] = [];
  // Groups of 3, as 10 SMTP connections end their DATA in one turn of the event loop.
  await measure('commit the raw message (group commit)', 'main', () => {
    for (let i = 0; i < MAILS; i += 3) {
      const group = messages.slice(i, i + 3).map((raw, k) => ({
        envelope: { from: 'bench@example.org', recipients: [to[(i + k) % RECIPIENTS] ?? ''] },
        raw,
        receivedAt: 0,
      }));
      ids.push(...raws.commit(group));
    }
  });
  let read: StoredRaw[] = [];
  await measure('read it back for parsing', 'main', () => {
    read = ids.map((id) => raws.read(id)).filter((r): r is StoredRaw => r !== null);
  });
  // Warm the JIT first: the server's workers run warm through a flood.
  for (const raw of read.slice(0, 1_000)) {
    const warm = await parseMessage(raw.raw, null);
    extractCode(warm);
    extractLink(warm);
  }
  const parsed: Awaited<ReturnType<typeof parseMessage>>[] = [];
  await measure('parse MIME (parseMessage)', 'worker', async () => {
    for (const raw of read) parsed.push(await parseMessage(raw.raw, raw.envelope.from));
  });
  const codes: (string | null)[] = [];
  await measure('find the code', 'worker', () => {
    for (const p of parsed) codes.push(extractCode(p));
  });
  await measure('find the link', 'worker', () => {
    for (const p of parsed) extractLink(p);
  });
  // Nobody listens on these mailboxes (as in the flood): stored without being read back.
  await measure('store the mail (batches of 256)', 'main', () => {
    for (let i = 0; i < read.length; i += 256) {
      const batch = read.slice(i, i + 256);
      writer.write(
        batch,
        batch.map((_, k) => ({
          ...(parsed[i + k] as (typeof parsed)[number]),
          code: codes[i + k] ?? null,
          link: null,
        })),
        () => false,
      );
    }
  });
  await measure('index it for search (idle time)', 'main, deferred', () =>
    store.searchIndex.catchUp(),
  );
  await measure('list it (pages of 200, JSON)', 'main', () => {
    for (const email of to) {
      for (let after = 0, round = 0; round < MAILS; round++) {
        const page = store.page(email, after, 200, 1 << 30, true);
        JSON.stringify(page.mails);
        const last = page.mails.at(-1);
        if (!last || page.mails.length < 200) break;
        after = last.id;
      }
    }
  });
  ids = [];
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });

  console.log(
    `CPU per 5 KB mail, ${MAILS} mails, node ${process.version}, ${os.cpus().length} CPUs`,
  );
  for (const [name, thread, us] of steps)
    console.log(`  ${name.padEnd(40)} ${fmt(us, 0).padStart(5)} µs  (${thread})`);
  const sum = (t: string): number =>
    steps.filter(([, thread]) => thread === t).reduce((a, [, , us]) => a + us, 0);
  console.log(`  main thread ${fmt(sum('main'), 0)} µs, workers ${fmt(sum('worker'), 0)} µs`);
}

await main();
