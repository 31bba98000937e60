import { describe, expect, it } from 'vitest';
import { PendingMail } from '../../../src-main/mail/parse/pending-mail.ts';

/** Flushes promise callbacks queued by done(). */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('PendingMail.settled (what a list read waits for)', () => {
  it('with `first`, resolves once the oldest `first` pending mails of the mailbox are parsed', async () => {
    const pending = new PendingMail();
    for (const id of [1, 2, 3, 4, 5]) pending.add(id, ['m@t.test']);
    pending.add(6, ['other@t.test']);
    let firstTwo = false;
    let all = false;
    void pending.settled('m@t.test', 60_000, 2).then(() => (firstTwo = true));
    void pending.settled('m@t.test', 60_000).then(() => (all = true));

    pending.done(6);
    pending.done(1);
    await flush();
    expect(firstTwo).toBe(false);
    pending.done(2);
    await flush();
    expect(firstTwo).toBe(true);
    expect(all).toBe(false);
    expect(pending.hasPending('m@t.test')).toBe(true);

    for (const id of [3, 4, 5]) pending.done(id);
    await flush();
    expect(all).toBe(true);
    expect(pending.hasPending('m@t.test')).toBe(false);
  });

  it('asking for more than is pending waits for all of it; nothing pending resolves at once', async () => {
    const pending = new PendingMail();
    pending.add(1, ['m@t.test']);
    pending.add(2, ['m@t.test']);
    let done = false;
    void pending.settled('m@t.test', 60_000, 200).then(() => (done = true));
    pending.done(1);
    await flush();
    expect(done).toBe(false);
    pending.done(2);
    await flush();
    expect(done).toBe(true);
    await expect(pending.settled('empty@t.test', 60_000, 1)).resolves.toBeUndefined();
  });

  it('mail committed after the read began is not waited for', async () => {
    const pending = new PendingMail();
    pending.add(1, ['m@t.test']);
    let done = false;
    void pending.settled('m@t.test', 60_000, 5).then(() => (done = true));
    pending.add(2, ['m@t.test']);
    pending.done(1);
    await flush();
    expect(done).toBe(true);
    expect(pending.hasPending('m@t.test')).toBe(true);
  });
});
