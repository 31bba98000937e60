import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_LIMITS,
  WebhookEventSchema,
  type CreatedWebhook,
  type WebhookDeliveries,
} from '../../src-shared/api/webhooks.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';

const json = { 'content-type': 'application/json' };

describe('webhook delivery', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(options: { webhookTimeoutMs?: number } = {}) {
    const clock = new ManualClock(Date.now());
    const m = await startMailTestApp({
      clock,
      mail: { webhookTimeoutMs: options.webhookTimeoutMs },
    });
    cleanups.push(() => m.close());
    const receiver = await new WebhookReceiver().start();
    cleanups.push(() => receiver.close());
    const hook = await create(m, receiver.url);
    receiver.setSecret(hook.secret);
    const worker = m.t.app.mail.webhookWorker;
    /** Moves the clock and lets the worker try whatever is due then. */
    const advance = async (ms: number) => {
      await worker.idle();
      clock.advance(ms);
      worker.kick();
      await worker.idle();
    };
    return { m, clock, receiver, hook, worker, advance };
  }

  async function create(m: MailTestApp, url: string): Promise<CreatedWebhook> {
    const res = await m.api('/api/webhooks', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url, description: 'test' }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as CreatedWebhook;
  }

  async function deliveries(m: MailTestApp, id: number): Promise<WebhookDeliveries> {
    const res = await m.api(`/api/webhooks/${id}/deliveries`);
    expect(res.status).toBe(200);
    return (await res.json()) as WebhookDeliveries;
  }

  it('a new SMTP mail is POSTed once, signed so standardwebhooks verifies it', async () => {
    const { m, receiver, hook } = await setup();
    const lease = await m.generate();
    const info = await sendMail(m.smtpPort, {
      to: lease.email,
      subject: 'Your code',
      text:
        'Your verification code is 482913.\n\n' +
        'Or confirm your email address here: https://accounts.example.org/verify?t=Zq81\n',
    });
    expect(info.response).toMatch(/^250 /);
    await receiver.waitFor(1);
    const [got] = receiver.received;
    expect(got?.signatureValid).toBe(true);
    expect(got?.verifiedNow).toBe(true);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['webhook-id']).toMatch(/^msg_/);
    const event = WebhookEventSchema.parse(JSON.parse(got?.body ?? ''));
    const [mail] = await m.mails(lease.email);
    expect(event).toEqual({
      type: 'mail.received',
      timestamp: expect.any(String) as string,
      data: {
        email: lease.email,
        id: mail?.id,
        code: '482913',
        link: 'https://accounts.example.org/verify?t=Zq81',
        from: 'sender@example.org',
        subject: 'Your code',
        received_at: mail?.received_at,
      },
    });
    await m.t.app.mail.webhookWorker.idle();
    const list = await deliveries(m, hook.id);
    expect(list.pending).toBe(0);
    expect(list.attempts).toEqual([
      expect.objectContaining({
        event_id: got?.headers['webhook-id'],
        type: 'mail.received',
        status_code: 204,
        error: null,
        event_state: 'delivered',
        next_attempt_at: null,
      }),
    ]);
  });

  it('a tampered body or another secret fails verification', async () => {
    const { m, receiver } = await setup();
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 's', text: 't' });
    await receiver.waitFor(1);
    const got = receiver.received[0];
    const other = new WebhookReceiver('whsec_' + Buffer.alloc(32, 7).toString('base64'));
    expect(other['check'](got?.headers ?? {}, got?.body ?? '')).toBe(false);
    expect(receiver['check'](got?.headers ?? {}, `${got?.body ?? ''} `)).toBe(false);
    expect(receiver['check'](got?.headers ?? {}, got?.body ?? '')).toBe(true);
  });

  it('failures are retried at 5 s, 30 s, 2 min, 10 min, 1 h, then every 2 h, given up after 24 h', async () => {
    const { m, receiver, hook, advance, worker } = await setup();
    receiver.replies = Array.from({ length: 40 }, () => ({ kind: 'status', status: 503 }) as const);
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 'retry me', text: 't' });
    await receiver.waitFor(1);
    await worker.idle();

    // Just before each delay nothing is sent; at it, exactly one more try.
    const delays = [5_000, 30_000, 120_000, 600_000, 3_600_000];
    let tries = 1;
    for (const delay of delays) {
      await advance(delay - 1_000);
      expect(receiver.received).toHaveLength(tries);
      await advance(1_000);
      tries += 1;
      expect(receiver.received).toHaveLength(tries);
    }
    const before = await deliveries(m, hook.id);
    expect(before.pending).toBe(1);
    expect(before.attempts[0]).toMatchObject({ status_code: 503, event_state: 'pending' });
    expect(before.attempts[0]?.error).toMatch(/HTTP 503/);
    // Then every 2 h while it is under 24 h since the event.
    for (let round = 0; round < 20; round++) await advance(2 * 3_600_000);
    const elapsedBeforeLast = (5 + 30 + 120 + 600 + 3_600) * 1000;
    const twoHourTries = Math.floor((WEBHOOK_LIMITS.giveUpMs - elapsedBeforeLast) / 7_200_000);
    expect(receiver.received).toHaveLength(6 + twoHourTries);
    // The same event, the same webhook-id, each try signed anew.
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    const after = await deliveries(m, hook.id);
    expect(after.pending).toBe(0);
    expect(after.attempts[0]).toMatchObject({ event_state: 'failed', next_attempt_at: null });
    expect(after.attempts).toHaveLength(receiver.received.length);
  });

  it('a try that fails and the next that succeeds: delivered, not sent again', async () => {
    const { m, receiver, hook, advance } = await setup();
    receiver.replies = [{ kind: 'status', status: 500 }];
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 'once more', text: 't' });
    await receiver.waitFor(1);
    await advance(5_000);
    expect(receiver.received).toHaveLength(2);
    await advance(24 * 3_600_000);
    expect(receiver.received).toHaveLength(2);
    const list = await deliveries(m, hook.id);
    expect(list.attempts.map((a) => a.status_code)).toEqual([204, 500]);
    expect(list.attempts[0]?.event_state).toBe('delivered');
  });

  it('a redirect is not followed: a failure with its status, retried at the same URL', async () => {
    const { m, receiver, hook, advance } = await setup();
    const elsewhere = await new WebhookReceiver().start();
    cleanups.push(() => elsewhere.close());
    receiver.replies = [{ kind: 'redirect', status: 307, location: elsewhere.url }];
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 'moved', text: 't' });
    await receiver.waitFor(1);
    await m.t.app.mail.webhookWorker.idle();
    const list = await deliveries(m, hook.id);
    expect(list.attempts[0]).toMatchObject({ status_code: 307, event_state: 'pending' });
    expect(list.attempts[0]?.error).toMatch(/not followed/);
    await advance(5_000);
    expect(receiver.received).toHaveLength(2);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('a receiver that never answers fails the try at the timeout', async () => {
    const { m, receiver, hook } = await setup({ webhookTimeoutMs: 300 });
    receiver.replies = [{ kind: 'hang' }];
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 'slow', text: 't' });
    await receiver.waitFor(1);
    await expect
      .poll(async () => (await deliveries(m, hook.id)).attempts.length, { timeout: 5_000 })
      .toBe(1);
    const [attempt] = (await deliveries(m, hook.id)).attempts;
    expect(attempt).toMatchObject({ status_code: null, event_state: 'pending' });
    expect(attempt?.error).toMatch(/No answer within 0.3 s/);
    expect(attempt?.duration_ms).toBeGreaterThanOrEqual(250);
    expect(attempt?.duration_ms).toBeLessThan(3_000);
  });

  it('a reply body past 64 KiB is not read: the try ends with its status', async () => {
    const { m, receiver, hook } = await setup();
    const huge = 256 * 1024 * 1024;
    receiver.replies = [{ kind: 'big', bytes: huge }];
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 'chatty', text: 't' });
    await receiver.waitFor(1);
    await m.t.app.mail.webhookWorker.idle();
    const [attempt] = (await deliveries(m, hook.id)).attempts;
    expect(attempt).toMatchObject({ status_code: 200, error: null, event_state: 'delivered' });
    // The receiver stopped writing when the connection closed, far short of the whole body.
    await expect.poll(() => receiver.received[0]?.bytesWritten, { timeout: 5_000 }).toBeDefined();
    expect(receiver.received[0]?.bytesWritten ?? huge).toBeLessThan(huge / 4);
  });

  it('a receiver that hangs never slows SMTP: every mail is answered 250 and stored', async () => {
    const { m, receiver, hook } = await setup();
    receiver.replies = Array.from({ length: 5 }, () => ({ kind: 'hang' }) as const);
    const lease = await m.generate();
    for (let i = 0; i < 20; i++) {
      const info = await sendMail(m.smtpPort, { to: lease.email, subject: `m${i}`, text: 't' });
      expect(info.response).toMatch(/^250 /);
    }
    await receiver.waitFor(1);
    expect(receiver.received).toHaveLength(1);
    await expect.poll(async () => (await m.mails(lease.email)).length).toBe(20);
    // No try has ended yet: all 20 were taken while the first one still hung (10 s timeout).
    const list = await deliveries(m, hook.id);
    expect(list).toEqual({ pending: 20, attempts: [] });
  });

  it('stopping the app cuts a hanging try at once; the event is tried first at the next start', async () => {
    const { m, receiver, hook } = await setup();
    receiver.replies = [{ kind: 'hang' }];
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 'across a restart', text: 't' });
    await receiver.waitFor(1);
    const started = performance.now();
    await m.t.restart();
    expect(performance.now() - started).toBeLessThan(5_000);
    await receiver.waitFor(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(
      receiver.received[0]?.headers['webhook-id'],
    );
    await m.t.app.mail.webhookWorker.idle();
    const list = await deliveries(m, hook.id);
    // The cut try was not counted: one attempt, delivered.
    expect(list.attempts).toHaveLength(1);
    expect(list.attempts[0]).toMatchObject({ status_code: 204, event_state: 'delivered' });
  });

  it('one event per endpoint; a deleted endpoint gets nothing more', async () => {
    const { m, receiver, hook } = await setup();
    const second = await new WebhookReceiver().start();
    cleanups.push(() => second.close());
    const other = await create(m, second.url);
    second.setSecret(other.secret);
    const lease = await m.generate();
    await sendMail(m.smtpPort, { to: lease.email, subject: 'both', text: 't' });
    await Promise.all([receiver.waitFor(1), second.waitFor(1)]);
    expect(second.received[0]?.signatureValid).toBe(true);
    expect(receiver.received[0]?.headers['webhook-id']).not.toBe(
      second.received[0]?.headers['webhook-id'],
    );
    const del = await m.api(`/api/webhooks/${hook.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    await sendMail(m.smtpPort, { to: lease.email, subject: 'second only', text: 't' });
    await second.waitFor(2);
    await m.t.app.mail.webhookWorker.idle();
    expect(receiver.received).toHaveLength(1);
  });

  it('POST …/test sends a signed webhook.test event and answers its first try', async () => {
    const { m, receiver, hook } = await setup();
    receiver.replies = [
      { kind: 'status', status: 200 },
      { kind: 'status', status: 418 },
    ];
    const ok = await m.api(`/api/webhooks/${hook.id}/test`, { method: 'POST' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      type: 'webhook.test',
      status_code: 200,
      error: null,
      event_state: 'delivered',
    });
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: hook.id },
    });
    expect(receiver.received[0]?.verifiedNow).toBe(true);
    const failed = await m.api(`/api/webhooks/${hook.id}/test`, { method: 'POST' });
    const body = (await failed.json()) as { status_code: number; next_attempt_at: string };
    expect(body).toMatchObject({ status_code: 418, event_state: 'pending' });
    expect(Date.parse(body.next_attempt_at) - m.t.app.mail.webhookWorker['clock'].now()).toBe(
      5_000,
    );
    expect((await m.api('/api/webhooks/999/test', { method: 'POST' })).status).toBe(404);
  });
});
