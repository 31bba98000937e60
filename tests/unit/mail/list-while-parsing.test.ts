import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/core/logger.ts';
import { openDatabase } from '../../../src-main/db/open-database.ts';
import type { Analyzer } from '../../../src-main/mail/parse/analyze-message.ts';
import { LiveHub } from '../../../src-main/mail/push/live-hub.ts';
import { createMailServices } from '../../../src-main/mail/mail-services.ts';
import { MailReader } from '../../../src-main/mail/read/mail-reader.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';
import { DEFAULT_PARSE_QUEUE, ParseQueue } from '../../../src-main/mail/parse/parse-queue.ts';
import { RawInbox } from '../../../src-main/mail/smtp/raw-inbox.ts';
import { RawStore } from '../../../src-main/mail/store/raw-store.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

const logger = createLogger('test', true);

/**
 * A list read during a backlog (parse on first read) waits for the mail its page needs, not
 * for the whole mailbox, and says more is on its way.
 */
describe('a list read while its mailbox is being parsed', () => {
  it('settled(mailbox, first) resolves once the oldest `first` are stored, the rest still parsing', async () => {
    const db = openDatabase(':memory:');
    const raws = new RawStore(db);
    const store = new MailStore(db);
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Mails past the fourth wait for the gate.
    const analyze: Analyzer = async (raw) => {
      const text = Buffer.from(raw).toString('utf8');
      if (Number(text.split(' ')[1]) > 4) await gate;
      return {
        ...{ from: null, fromName: null, to: [], html: null, attachments: [] },
        ...{ subject: text, text, code: null, link: null },
      };
    };
    // The backlog waits for a gap that never comes; only the read's urgent lane parses, two a
    // batch.
    const options = {
      ...DEFAULT_PARSE_QUEUE,
      ...{ quietMs: 60_000, busyCommits: 1, maxDeferMs: 60_000, urgentBatch: 2 },
    };
    const queue = new ParseQueue(raws, store, new LiveHub(logger), { analyze: analyze }, logger, {
      options,
    });
    const inbox = new RawInbox(raws, new ManualClock(), queue);
    queue.start();
    for (let i = 1; i <= 8; i++) await inbox.add(env(), Buffer.from(`mail ${i}`));

    await queue.settled('p@t.test', 5_000, 3);
    const subjects = store.page('p@t.test', 0, 50, 1e9, true).mails.map((m) => m.subject);
    expect(subjects).toEqual(['mail 1', 'mail 2', 'mail 3', 'mail 4']);
    expect(queue.hasPending('p@t.test')).toBe(true);

    const all = queue.settled('p@t.test', 5_000);
    release();
    await all;
    expect(store.page('p@t.test', 0, 50, 1e9, true).mails).toHaveLength(8);
    expect(queue.hasPending('p@t.test')).toBe(false);
    await queue.stop();
  });

  it('a full page says more is coming while mail of the mailbox is still being parsed', async () => {
    const services = createMailServices(
      openDatabase(':memory:'),
      new ManualClock(),
      {
        domains: ['t.test'],
        parser: {
          analyze: () => Promise.reject(new Error('not parsed in this test')),
          attachment: () => Promise.reject(new Error('no attachments here')),
        },
        webhookPost: () => Promise.reject(new Error('no webhooks here')),
      },
      (tag) => createLogger(tag, true),
    );
    const { email } = services.leases.generate();
    const mail = (subject: string) => ({
      ...{ email, from: null, fromName: null, to: [email], subject, text: subject, html: null },
      ...{ receivedAt: 0, code: null, link: null, size: 10, attachments: [] },
    });
    services.store.insert([mail('one'), mail('two')]);
    let parsing = true;
    const waits: number[] = [];
    const { leases, store, search, hub } = services;
    const reader = new MailReader(leases, store, search, hub, 1 << 20, {
      settled: (_e, _maxMs, first) => {
        waits.push(first ?? Infinity);
        return Promise.resolve();
      },
      hasPending: () => parsing,
    });
    const page = await reader.waitListed(email, { afterId: 0, limit: 2 }, 0);
    expect(page.mails.map((m) => m.fields.subject)).toEqual(['one', 'two']);
    expect(page.more).toBe(true);
    expect(waits).toEqual([2]);
    parsing = false;
    expect((await reader.waitListed(email, { afterId: 0, limit: 2 }, 0)).more).toBe(false);
    expect((await reader.waitListed(email, { afterId: 0, limit: 1 }, 0)).more).toBe(true);
  });
});

function env() {
  return { from: 'a@example.org', recipients: ['p@t.test'] };
}
