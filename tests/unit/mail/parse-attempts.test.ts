import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/core/logger.ts';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import type { Analyzer } from '../../../src-main/mail/parse/analyze-message.ts';
import { LiveHub } from '../../../src-main/mail/push/live-hub.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';
import { ParseQueue } from '../../../src-main/mail/parse/parse-queue.ts';
import { RawStore } from '../../../src-main/mail/store/raw-store.ts';
import { analyzedAs } from '../../helpers/mail-fixtures.ts';
import { deferred } from '../../helpers/deferred.ts';

const logger = createLogger('test', true);
const env = { from: 'a@example.org', recipients: ['x@t.test'] };

/** Subject = the raw text; `fail(text)` decides which parses reject, and with what. */
function analyzer(fail: (text: string) => Error | 'hang' | null) {
  const calls: string[] = [];
  const analyze: Analyzer = (raw, from) => {
    const text = Buffer.from(raw).toString('utf8');
    calls.push(text);
    const failure = fail(text);
    if (failure === 'hang') return new Promise(() => undefined);
    if (failure) return Promise.reject(failure);
    return Promise.resolve(analyzedAs(text, from));
  };
  return { analyze, calls };
}

/** A queue on `db`, as one run of the app would make it. */
function run(db: Db, analyze: Analyzer) {
  const raws = new RawStore(db);
  const store = new MailStore(db);
  const queue = new ParseQueue(raws, store, new LiveHub(logger), { analyze: analyze }, logger);
  return { raws, store, queue };
}

describe('parse attempts survive the process', () => {
  it('a message whose parse took the process down twice is stored unparsed, with its reason, and never parsed again', async () => {
    const db = openDatabase(':memory:');
    const first = run(db, analyzer(() => 'hang').analyze);
    first.raws.commit(
      ['boom', 'fine'].map((text) => ({ envelope: env, raw: Buffer.from(text), receivedAt: 1 })),
    );
    // Two runs die while parsing (the queue is dropped, never stopped: as after a crash).
    for (let death = 0; death < 2; death++) {
      const started = deferred<void>();
      const dying = run(
        db,
        analyzer((text) => {
          if (text === 'boom') started.resolve();
          return 'hang';
        }).analyze,
      );
      dying.queue.start();
      await started.promise;
    }
    // The third start stores it as its raw text, with why, and parses the other one.
    const third = analyzer(() => null);
    const { queue, store } = run(db, third.analyze);
    queue.start();
    await queue.settled('x@t.test', 5_000);
    const mails = store.page('x@t.test', 0, 50, 1e9, true).mails;
    expect(mails.map((m) => [m.subject, m.text, m.code, m.parse_error])).toEqual([
      [null, 'boom', null, 'not parsed: parsing it stopped the app or its parser 2 times'],
      ['fine', 'fine', null, null],
    ]);
    expect(third.calls).toEqual(['fine']);
    await queue.stop();
  });

  it('a worker that runs out of memory twice: kept unparsed with the reason', async () => {
    const db = openDatabase(':memory:');
    const oom = Object.assign(new Error('Worker terminated due to reaching memory limit'), {
      code: 'ERR_WORKER_OUT_OF_MEMORY',
    });
    const fake = analyzer((text) => (text === 'heavy' ? oom : null));
    const { raws, store, queue } = run(db, fake.analyze);
    queue.start();
    const ids = raws.commit(
      ['heavy', 'light'].map((text) => ({ envelope: env, raw: Buffer.from(text), receivedAt: 1 })),
    );
    queue.committed(ids.map((id) => ({ id, envelope: env })));
    await queue.settled('x@t.test', 5_000);
    const mails = store.page('x@t.test', 0, 50, 1e9, true).mails;
    expect(mails.map((m) => [m.text, m.parse_error])).toEqual([
      ['heavy', 'not parsed: the parser ran out of memory'],
      ['light', null],
    ]);
    expect(fake.calls.filter((c) => c === 'heavy')).toHaveLength(2);
    await queue.stop();
  });

  it('a raw message over the mail limit (stored before the IMAP limit) is never parsed', async () => {
    const db = openDatabase(':memory:');
    const fake = analyzer(() => null);
    const { raws, store, queue } = run(db, fake.analyze);
    raws.commit([{ envelope: env, raw: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), receivedAt: 1 }]);
    queue.start();
    await queue.settled('x@t.test', 5_000);
    const [mail] = store.page('x@t.test', 0, 50, 1e9, true).mails;
    expect(mail?.parse_error).toBe('not parsed: over the 10 MiB limit');
    expect(fake.calls).toEqual([]);
    await queue.stop();
  });
});
