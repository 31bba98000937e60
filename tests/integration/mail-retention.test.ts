import { afterEach, describe, expect, it } from 'vitest';
import type { Lease } from '../../src-shared/mail/schemas.ts';
import { deliverMany } from '../helpers/mail-fixtures.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('retention (24 h after a mailbox expired)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function boot(options: Parameters<typeof startMailTestApp>[0] = {}) {
    const clock = new ManualClock();
    const m = await startMailTestApp({ clock, ...options });
    cleanups.push(() => m.close());
    return { m, clock };
  }

  async function status(m: MailTestApp, path: string, method = 'GET'): Promise<number> {
    const res = await m.api(path, { method });
    await res.body?.cancel();
    return res.status;
  }

  it('keeps mail until the mailbox has been expired for 24 h, then deletes mail and lease', async () => {
    const { m, clock } = await boot();
    const { email } = await m.generate();
    const keep = await m.generate();
    await deliverMany(m.t.app, email, 3);
    await deliverMany(m.t.app, keep.email, 2);
    clock.advance(30 * MIN); // expired now
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 0, leases: 0 });
    clock.advance(24 * HOUR - 1);
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 0, leases: 0 });
    expect(await m.mails(email)).toHaveLength(3);
    // `keep` was reused (reactivated) in time, so its 24 h start later.
    await m.api(`/api/mailboxes/${keep.email}/reuse`, { method: 'POST' });
    clock.advance(1);
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 3, leases: 1 });
    expect(await m.mails(keep.email)).toHaveLength(2);
    expect(await status(m, `/api/emails/${email}`)).toBe(404);
    expect(await status(m, `/api/mailboxes/${email}/lease`)).toBe(404);
  });

  it('reuse within the window brings the inbox back; after the sweep it starts empty', async () => {
    const { m, clock } = await boot();
    const a = await m.generate();
    const b = await m.generate();
    await deliverMany(m.t.app, a.email, 2);
    await deliverMany(m.t.app, b.email, 2);
    clock.advance(30 * MIN + 23 * HOUR);
    const reused = (await (
      await m.api(`/api/mailboxes/${a.email}/reuse`, { method: 'POST' })
    ).json()) as Lease;
    expect(reused.email).toBe(a.email);
    clock.advance(2 * HOUR);
    await m.t.app.mail.retention.sweep();
    expect(await m.mails(a.email)).toHaveLength(2);
    expect(await status(m, `/api/emails/${b.email}`)).toBe(404);
    // b was swept, but it was recorded: reuse re-enables it with an empty inbox.
    expect(await status(m, `/api/mailboxes/${b.email}/reuse`, 'POST')).toBe(200);
    expect(await m.mails(b.email)).toEqual([]);
  });

  it('deletes in batches and gets everything', async () => {
    const { m, clock } = await boot({ mail: { retention: { batchSize: 7 } } });
    const boxes = await Promise.all([m.generate(), m.generate(), m.generate()]);
    for (const box of boxes) await deliverMany(m.t.app, box.email, 20);
    clock.advance(30 * MIN + 24 * HOUR);
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 60, leases: 3 });
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 0, leases: 0 });
  });

  it('the period is configurable (--mail-retention-hours)', async () => {
    const { m, clock } = await boot({ config: { mailRetentionHours: 1 } });
    const { email } = await m.generate();
    await deliverMany(m.t.app, email, 1);
    clock.advance(30 * MIN + HOUR);
    expect(await m.t.app.mail.retention.sweep()).toEqual({ mails: 1, leases: 1 });
  });

  it('mail ids are never reused after a sweep', async () => {
    const { m, clock } = await boot();
    const { email } = await m.generate();
    const [first] = await deliverMany(m.t.app, email, 1);
    clock.advance(30 * MIN + 24 * HOUR);
    await m.t.app.mail.retention.sweep();
    const fresh = await m.generate();
    const [next] = await deliverMany(m.t.app, fresh.email, 1);
    expect(next?.id).toBeGreaterThan(first?.id ?? Infinity);
    expect(fresh.email).not.toBe(email);
    expect(m.t.app.mail.leases.isReceiving(email)).toBe(false);
  });
});
