import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../src-main/core/logger.ts';
import { openDatabase } from '../../../src-main/db/open-database.ts';
import type { Analyzer } from '../../../src-main/mail/parse/analyze-message.ts';
import { LiveHub } from '../../../src-main/mail/push/live-hub.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';
import { MessageRefused } from '../../../src-main/mail/parse/message-refused.ts';
import { DEFAULT_PARSE_QUEUE, ParseQueue } from '../../../src-main/mail/parse/parse-queue.ts';
import { ParsedMailWriter } from '../../../src-main/mail/parse/parsed-mail-writer.ts';
import { RawInbox } from '../../../src-main/mail/smtp/raw-inbox.ts';
import { RawStore } from '../../../src-main/mail/store/raw-store.ts';
import { analyzedAs } from '../../helpers/mail-fixtures.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

const logger = createLogger('test', true);

/** Subject = the raw text; "refuse" is refused, "flaky" fails on its first try. */
function fakeAnalyzer(): {
  analyze: Analyzer;
  calls: string[];
  lanes: (number | undefined)[];
  urgent: string[];
} {
  const calls: string[] = [];
  const lanes: (number | undefined)[] = [];
  const urgent: string[] = [];
  const analyze: Analyzer = (raw, from, lane, isUrgent) => {
    const text = Buffer.from(raw).toString('utf8');
    calls.push(text);
    lanes.push(lane);
    if (isUrgent) urgent.push(text);
    if (text === 'refuse') return Promise.reject(new MessageRefused('5.3.4 no'));
    if (text === 'flaky' && calls.filter((c) => c === 'flaky').length === 1)
      return Promise.reject(new Error('worker died'));
    return Promise.resolve(analyzedAs(text, from));
  };
  return { analyze, calls, lanes, urgent };
}

function setup(db = openDatabase(':memory:'), options = DEFAULT_PARSE_QUEUE) {
  const raws = new RawStore(db);
  const store = new MailStore(db);
  const hub = new LiveHub(logger);
  const fake = fakeAnalyzer();
  const queue = new ParseQueue(raws, store, hub, { analyze: fake.analyze }, logger, { options });
  const inbox = new RawInbox(raws, new ManualClock(), queue);
  return { db, raws, store, hub, queue, inbox, fake };
}

const env = (to: string[]) => ({ from: 'a@example.org', recipients: to });

/** Commits one message and waits until the backlog has stored it (nothing hurries it). */
async function addAndDrain(queue: ParseQueue, inbox: RawInbox, to: string, text: string) {
  await inbox.add(env([to]), Buffer.from(text));
  await expect.poll(() => queue.backlog(), { timeout: 5_000, interval: 2 }).toBe(0);
}

/** Commits one message and resolves with its stored mails (MailDelivery.deliver's way). */
async function addAndParse(
  queue: ParseQueue,
  inbox: RawInbox,
  to: string,
  text: string,
): Promise<unknown[]> {
  let parsed: Promise<unknown[]> | null = null;
  await inbox.add(env([to]), Buffer.from(text), (id) => {
    parsed = queue.parsed(id);
  });
  if (!parsed) throw new Error('no id');
  return parsed;
}

describe('ParseQueue', () => {
  it('stores every recipient’s copy in SMTP order; a refused message is kept as raw text', async () => {
    const { queue, inbox, store, hub } = setup();
    const pushed: number[] = [];
    hub.subscribe('x@t.test', (mail) => pushed.push(mail.id));
    queue.start();
    const ids = await Promise.all(
      ['one', 'refuse', 'flaky', 'two'].map((s) =>
        inbox.add(env(['x@t.test', 'y@t.test']), Buffer.from(s)),
      ),
    );
    expect(ids).toEqual([1, 2, 3, 4]);
    await queue.settled('x@t.test', 5_000);
    const mails = store.page('x@t.test', 0, 50, 1e9, true).mails;
    expect(mails.map((m) => [m.subject, m.text])).toEqual([
      ['one', 'one'],
      [null, 'refuse'],
      ['flaky', 'flaky'],
      ['two', 'two'],
    ]);
    expect(store.page('y@t.test', 0, 50, 1e9, true).mails).toHaveLength(4);
    expect(pushed).toEqual(mails.map((m) => m.id));
    expect(queue.backlog()).toBe(0);
    await queue.stop();
  });

  it('a stopped queue leaves messages pending; the next start parses them', async () => {
    const first = setup();
    // Not started: commits are durable, nothing is parsed.
    await first.inbox.add(env(['x@t.test']), Buffer.from('kept'));
    expect(first.queue.backlog()).toBe(1);
    expect(first.store.page('x@t.test', 0, 50, 1e9, true).mails).toEqual([]);
    const second = setup(first.db);
    second.queue.start();
    await second.queue.settled('x@t.test', 5_000);
    expect(second.store.page('x@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject)).toEqual([
      'kept',
    ]);
    await second.queue.stop();
  });

  it('commits all messages ended in one turn in one transaction (group commit)', async () => {
    const { queue, inbox, raws } = setup();
    const commit = vi.spyOn(raws, 'commit');
    queue.start();
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inbox.add(env(['x@t.test']), Buffer.from(`m${i}`))),
    );
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(await inbox.add(env(['x@t.test']), Buffer.from('alone'))).toBe(21);
    expect(commit).toHaveBeenCalledTimes(2);
    await queue.stop();
  });

  it('a failed commit rejects every message of its batch (SMTP answers 451)', async () => {
    const { inbox, raws } = setup();
    vi.spyOn(raws, 'commit').mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    const results = await Promise.allSettled([
      inbox.add(env(['x@t.test']), Buffer.from('a')),
      inbox.add(env(['x@t.test']), Buffer.from('b')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await inbox.add(env(['x@t.test']), Buffer.from('c'))).toBe(1);
  });

  it.each([
    // Commits within the last minute count as busy, and a batch does not wait for a gap.
    ['while SMTP is busy, a batch gets busyLanes workers', 60_000, [2, 2]],
    // No quiet period to wait for: every batch runs in a gap, on the whole pool.
    ['in a gap, a batch gets the whole pool', 0, [undefined, undefined]],
  ])('%s', async (_name, quietMs, expected) => {
    const options = {
      ...DEFAULT_PARSE_QUEUE,
      quietMs,
      busyCommits: 1,
      maxDeferMs: 0,
      busyLanes: 2,
    };
    const { queue, inbox, fake } = setup(openDatabase(':memory:'), options);
    queue.start();
    await Promise.all(['a', 'b'].map((s) => inbox.add(env(['x@t.test']), Buffer.from(s))));
    await expect.poll(() => queue.backlog(), { timeout: 5_000, interval: 2 }).toBe(0);
    expect(fake.lanes).toEqual(expected);
    expect(fake.urgent).toEqual([]);
    await queue.stop();
  });

  it('defers a burst up to maxDeferMs, and again after the queue caught up', async () => {
    // Every commit counts as busy (quietMs), so only maxDeferMs ends the wait.
    const options = {
      ...DEFAULT_PARSE_QUEUE,
      ...{ quietMs: 60_000, busyCommits: 1, maxDeferMs: 100, busyLanes: 1 },
    };
    const { queue, inbox, fake } = setup(openDatabase(':memory:'), options);
    queue.start();
    for (const text of ['first', 'second']) {
      const started = performance.now();
      await addAndDrain(queue, inbox, 'x@t.test', text);
      expect(performance.now() - started, text).toBeGreaterThanOrEqual(95);
    }
    expect(fake.lanes).toEqual([1, 1]);
    await queue.stop();
  });

  it('a trickle of mail is not a burst: the backlog waits only from busyCommits commits on', async () => {
    const options = {
      ...DEFAULT_PARSE_QUEUE,
      ...{ quietMs: 60_000, busyCommits: 3, maxDeferMs: 60_000 },
    };
    const { queue, inbox, fake } = setup(openDatabase(':memory:'), options);
    queue.start();
    // One commit, then another: fewer than three within the minute, parsed at once.
    await addAndDrain(queue, inbox, 'x@t.test', 'one');
    await addAndDrain(queue, inbox, 'x@t.test', 'two');
    expect(fake.lanes).toEqual([undefined, undefined]);
    // The third within the minute makes a burst: it waits for a gap (a minute away).
    await inbox.add(env(['x@t.test']), Buffer.from('three'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queue.backlog()).toBe(1);
    expect(fake.calls).toEqual(['one', 'two']);
    await queue.stop();
  });

  // The backlog waits a minute for a gap in SMTP here: only the urgent lane can parse in time.
  const deferred = { ...DEFAULT_PARSE_QUEUE, quietMs: 60_000, busyCommits: 1, maxDeferMs: 60_000 };

  it('parses a watched mailbox’s mail at once, while other mail waits for a gap', async () => {
    const { queue, inbox, hub, fake, store } = setup(openDatabase(':memory:'), deferred);
    const pushed: string[] = [];
    hub.subscribe('w@t.test', (mail) => pushed.push(mail.subject ?? ''));
    queue.start();
    await Promise.all(['x1', 'x2'].map((s) => inbox.add(env(['x@t.test']), Buffer.from(s))));
    await inbox.add(env(['w@t.test']), Buffer.from('watched'));
    await expect.poll(() => pushed, { timeout: 5_000, interval: 2 }).toEqual(['watched']);
    expect(fake.urgent).toEqual(['watched']);
    // The unwatched mails are still waiting for a gap.
    expect(store.page('x@t.test', 0, 50, 1e9, true).mails).toEqual([]);
    expect(queue.backlog()).toBe(2);
    await queue.stop();
  });

  it('a caller waiting on parsed(id) (MailDelivery.deliver) gets its mail at once', async () => {
    const { queue, inbox, fake } = setup(openDatabase(':memory:'), deferred);
    queue.start();
    await inbox.add(env(['x@t.test']), Buffer.from('nobody waits'));
    expect(await addAndParse(queue, inbox, 'd@t.test', 'delivered')).toHaveLength(1);
    expect(fake.urgent).toEqual(['delivered']);
    expect(queue.backlog()).toBe(1);
    await queue.stop();
  });

  it('a read parses its mailbox’s pending mail at once, oldest first (parse on first read)', async () => {
    const { queue, inbox, fake, store } = setup(openDatabase(':memory:'), deferred);
    queue.start();
    await Promise.all(['r1', 'r2', 'r3'].map((s) => inbox.add(env(['r@t.test']), Buffer.from(s))));
    await inbox.add(env(['other@t.test']), Buffer.from('o1'));
    const started = performance.now();
    await queue.settled('r@t.test', 30_000);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(store.page('r@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject)).toEqual([
      'r1',
      'r2',
      'r3',
    ]);
    expect(fake.urgent).toEqual(['r1', 'r2', 'r3']);
    expect(queue.backlog()).toBe(1);
    await queue.stop();
  });

  it('a mailbox keeps SMTP order when a read hurries mail that is newer than a backlog batch', async () => {
    const db = openDatabase(':memory:');
    const raws = new RawStore(db);
    const store = new MailStore(db);
    const hub = new LiveHub(logger);
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const parsedOrder: string[] = [];
    const analyze: Analyzer = async (raw) => {
      const text = Buffer.from(raw).toString('utf8');
      // The backlog's batch holding the older mail is slow to parse.
      if (text === 'older') await gate;
      parsedOrder.push(text);
      return {
        ...{ from: null, fromName: null, to: [], html: null, attachments: [] },
        ...{ subject: text, text, code: null, link: null },
      };
    };
    const options = { ...DEFAULT_PARSE_QUEUE, quietMs: 0, maxDeferMs: 0 };
    const queue = new ParseQueue(raws, store, hub, { analyze: analyze }, logger, { options });
    const inbox = new RawInbox(raws, new ManualClock(), queue);
    queue.start();
    await inbox.add(env(['x@t.test']), Buffer.from('older'));
    // Let the backlog take the older mail into its batch.
    await new Promise((resolve) => setImmediate(resolve));
    await inbox.add(env(['x@t.test']), Buffer.from('newer'));
    const read = queue.settled('x@t.test', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The newer mail waits for the older one: nothing of this mailbox is stored yet.
    expect(store.page('x@t.test', 0, 50, 1e9, true).mails).toEqual([]);
    open();
    await read;
    expect(store.page('x@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject)).toEqual([
      'older',
      'newer',
    ]);
    expect(parsedOrder).toEqual(['older', 'newer']);
    await queue.stop();
  });

  it.each([
    ['the backlog', { quietMs: 0, maxDeferMs: 0, batchSize: 2 }, false],
    [
      'the urgent lane',
      { quietMs: 60_000, busyCommits: 1, maxDeferMs: 60_000, urgentBatch: 2 },
      true,
    ],
  ])(
    '%s parses its next batch while it stores the one before, one mailbox too',
    async (_lane, lane, read) => {
      const db = openDatabase(':memory:');
      const raws = new RawStore(db);
      const store = new MailStore(db);
      // How many mails were stored when each message's parse began.
      const storedAtParse = new Map<string, number>();
      const analyze: Analyzer = async (raw) => {
        const text = Buffer.from(raw).toString('utf8');
        storedAtParse.set(text, store.page('p@t.test', 0, 50, 1e9, true).mails.length);
        await new Promise((resolve) => setImmediate(resolve));
        return {
          ...{ from: null, fromName: null, to: [], html: null, attachments: [] },
          ...{ subject: text, text, code: null, link: null },
        };
      };
      const options = { ...DEFAULT_PARSE_QUEUE, ...lane };
      const queue = new ParseQueue(raws, store, new LiveHub(logger), { analyze: analyze }, logger, {
        options,
      });
      const inbox = new RawInbox(raws, new ManualClock(), queue);
      const texts = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
      await Promise.all(texts.map((t) => inbox.add(env(['p@t.test']), Buffer.from(t))));
      queue.start();
      if (read) await queue.settled('p@t.test', 5_000);
      await expect.poll(() => queue.backlog(), { timeout: 5_000, interval: 2 }).toBe(0);
      expect(store.page('p@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject)).toEqual(texts);
      // Batch 2 began before batch 1 was stored, batch 3 before batch 2.
      expect(Object.fromEntries(storedAtParse)).toEqual({
        m1: 0,
        m2: 0,
        m3: 0,
        m4: 0,
        m5: 2,
        m6: 2,
      });
      await queue.stop();
    },
  );

  it.each([
    ['one at a time when each message fills the batch’s bytes', 1, 1],
    ['together when they fit', 1 << 20, 3],
  ])('urgent batches keep to batchBytes: %s', async (_name, batchBytes, expected) => {
    const db = openDatabase(':memory:');
    const raws = new RawStore(db);
    const store = new MailStore(db);
    let inFlight = 0;
    let most = 0;
    const analyze: Analyzer = async (raw) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      const text = Buffer.from(raw).toString('utf8');
      return {
        ...{ from: null, fromName: null, to: [], html: null, attachments: [] },
        ...{ subject: text, text, code: null, link: null },
      };
    };
    const options = { ...deferred, batchBytes };
    const queue = new ParseQueue(raws, store, new LiveHub(logger), { analyze: analyze }, logger, {
      options,
    });
    const inbox = new RawInbox(raws, new ManualClock(), queue);
    queue.start();
    await Promise.all(['a', 'b', 'c'].map((t) => inbox.add(env(['r@t.test']), Buffer.from(t))));
    await queue.settled('r@t.test', 5_000);
    expect(store.page('r@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(most).toBe(expected);
    await queue.stop();
  });

  it('mail nobody listens or waits for is stored without being read back', async () => {
    const { queue, inbox, store, hub } = setup();
    const insert = vi.spyOn(store, 'insert');
    const quietly = vi.spyOn(store, 'insertQuietly');
    const pushed: string[] = [];
    hub.subscribe('x@t.test', (mail) => pushed.push(mail.subject ?? ''));
    queue.start();
    await inbox.add(env(['x@t.test']), Buffer.from('listened'));
    await inbox.add(env(['y@t.test']), Buffer.from('unheard'));
    await queue.settled('y@t.test', 5_000);
    await queue.settled('x@t.test', 5_000);
    expect(insert.mock.calls.map(([mails]) => mails.map((m) => m.email))).toEqual([['x@t.test']]);
    expect(quietly.mock.calls.map(([mails]) => mails.map((m) => m.email))).toEqual([['y@t.test']]);
    expect(store.page('y@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject)).toEqual([
      'unheard',
    ]);
    expect(pushed).toEqual(['listened']);
    // Someone listening on every mailbox (the desktop's notifications) is handed every mail
    // while it wants mail, and none while it says it does not (notifications off).
    const all: string[] = [];
    let notifying = false;
    hub.subscribeAll(
      (mail) => all.push(mail.subject ?? ''),
      () => notifying,
    );
    await inbox.add(env(['y@t.test']), Buffer.from('unwanted'));
    await queue.settled('y@t.test', 5_000);
    expect(quietly).toHaveBeenCalledTimes(2);
    notifying = true;
    await inbox.add(env(['y@t.test']), Buffer.from('heard'));
    await queue.settled('y@t.test', 5_000);
    expect(all).toEqual(['heard']);
    expect(quietly).toHaveBeenCalledTimes(2);
    await queue.stop();
  });

  it('the writer hands back what handBack or a listening outbox asks for', async () => {
    const { raws, store, inbox } = setup();
    const analyzed = (subject: string) => ({
      from: null,
      fromName: null,
      to: [],
      subject,
      text: subject,
      html: null,
      attachments: [],
      code: null,
      link: null,
    });
    const write = async (writer: ParsedMailWriter, subject: string, handBack: boolean) => {
      const id = await inbox.add(env(['x@t.test']), Buffer.from(subject));
      const raw = raws.read(id);
      if (!raw) throw new Error('raw message missing');
      return writer.write([raw], [analyzed(subject)], () => handBack)[0];
    };
    const recorded: string[] = [];
    const outbox = (listening?: boolean) => ({
      recordMails: (mails: readonly { subject: string | null }[]) =>
        recorded.push(...mails.map((m) => m.subject ?? '')),
      mailsCommitted: () => undefined,
      ...(listening === undefined ? {} : { listening: () => listening }),
    });
    const plain = new ParsedMailWriter(raws, store, (email) => email, logger);
    expect(await write(plain, 'quiet', false)).toEqual([]);
    expect((await write(plain, 'asked', true))?.map((m) => m.subject)).toEqual(['asked']);
    const idle = new ParsedMailWriter(raws, store, (e) => e, logger, outbox(false));
    expect(await write(idle, 'no webhook', false)).toEqual([]);
    const hooked = new ParsedMailWriter(raws, store, (e) => e, logger, outbox(true));
    expect((await write(hooked, 'webhook', false))?.map((m) => m.subject)).toEqual(['webhook']);
    const unsaid = new ParsedMailWriter(raws, store, (e) => e, logger, outbox());
    expect((await write(unsaid, 'unsaid', false))?.map((m) => m.subject)).toEqual(['unsaid']);
    expect(recorded).toEqual(['webhook', 'unsaid']);
    expect(store.page('x@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject)).toEqual([
      'quiet',
      'asked',
      'no webhook',
      'webhook',
      'unsaid',
    ]);
  });

  it('a message is stored once even when both lanes parsed it', async () => {
    const { raws, store, inbox } = setup();
    const id = await inbox.add(env(['x@t.test']), Buffer.from('once'));
    const raw = raws.read(id);
    if (!raw) throw new Error('raw message missing');
    const writer = new ParsedMailWriter(raws, store, (email) => email, logger);
    const analyzed = {
      from: null,
      fromName: null,
      to: [],
      subject: 'once',
      text: 'once',
      html: null,
      attachments: [],
      code: null,
      link: null,
    };
    expect(writer.write([raw], [analyzed])[0]).toHaveLength(1);
    expect(writer.write([raw], [analyzed])[0]).toEqual([]);
    expect(store.page('x@t.test', 0, 50, 1e9, true).mails).toHaveLength(1);
  });
});
