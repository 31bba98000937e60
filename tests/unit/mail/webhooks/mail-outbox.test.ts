import { describe, expect, it } from 'vitest';
import type { Mail } from '../../../../src-shared/mail/schemas.ts';
import { createLogger } from '../../../../src-main/core/logger.ts';
import { openDatabase } from '../../../../src-main/db/open-database.ts';
import type { Analyzer } from '../../../../src-main/mail/parse/analyze-message.ts';
import { LiveHub } from '../../../../src-main/mail/push/live-hub.ts';
import { MailStore } from '../../../../src-main/mail/store/mail-store.ts';
import {
  DEFAULT_PARSE_QUEUE,
  ParseQueue,
  type MailOutbox,
} from '../../../../src-main/mail/parse/parse-queue.ts';
import { RawInbox } from '../../../../src-main/mail/smtp/raw-inbox.ts';
import { RawStore } from '../../../../src-main/mail/store/raw-store.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';

const logger = createLogger('test', true);

const analyze: Analyzer = (raw, from) =>
  Promise.resolve({
    from,
    fromName: null,
    to: [],
    subject: Buffer.from(raw).toString('utf8'),
    text: 'x',
    html: null,
    attachments: [],
    code: '123456',
    link: null,
  });

function setup(outbox: MailOutbox) {
  const db = openDatabase(':memory:');
  const raws = new RawStore(db);
  const store = new MailStore(db);
  const queue = new ParseQueue(raws, store, new LiveHub(logger), { analyze: analyze }, logger, {
    options: DEFAULT_PARSE_QUEUE,
    outbox,
  });
  const inbox = new RawInbox(raws, new ManualClock(), queue);
  return { db, queue, inbox, store };
}

const env = { from: 'a@example.org', recipients: ['x@t.test', 'y@t.test'] };

describe('ParseQueue → MailOutbox (the webhook outbox)', () => {
  it('records every stored copy inside the transaction that stores it, then says committed', async () => {
    const seen: { mails: readonly Mail[]; inTransaction: boolean }[] = [];
    let committed = 0;
    let db: ReturnType<typeof setup>['db'] | null = null;
    const outbox: MailOutbox = {
      recordMails: (mails) => seen.push({ mails, inTransaction: db?.inTransaction ?? false }),
      mailsCommitted: () => (committed += 1),
    };
    const s = setup(outbox);
    db = s.db;
    s.queue.start();
    await s.inbox.add(env, Buffer.from('hello'));
    await expect.poll(() => committed).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.inTransaction).toBe(true);
    expect(seen[0]?.mails.map((m) => [m.email, m.subject, m.code])).toEqual([
      ['x@t.test', 'hello', '123456'],
      ['y@t.test', 'hello', '123456'],
    ]);
    await s.queue.stop();
  });

  it('an outbox that throws costs no mail', async () => {
    let committed = 0;
    const s = setup({
      recordMails: () => {
        throw new Error('outbox broken');
      },
      mailsCommitted: () => (committed += 1),
    });
    s.queue.start();
    await s.inbox.add(env, Buffer.from('kept'));
    await expect.poll(() => committed).toBe(1);
    expect(s.queue.backlog()).toBe(0);
    const page = s.store.page('x@t.test', 0, 10, 1_000_000, true);
    expect(JSON.stringify(page)).toContain('kept');
    await s.queue.stop();
  });
});
