import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { CreatedWebhook, WebhookDeliveries } from '../../src-shared/api/webhooks.ts';
import type { Lease } from '../../src-shared/mail/schemas.ts';
import { DATABASE_FILE } from '../../src-main/db/open-database.ts';
import { startMailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { spawnFirstRun } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';

describe('kill -9 with a webhook delivery pending', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('the event is delivered after the restart, with the same webhook-id', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const receiver = await new WebhookReceiver().start();
    cleanups.push(() => receiver.close());
    // The first try reaches the receiver, which never answers: the kill finds it in flight.
    receiver.replies = [{ kind: 'hang' }];

    const { app: child, base, smtpPort, key } = await spawnFirstRun(dataDir);
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const res = await fetch(`${base}/api/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: receiver.url }),
    });
    expect(res.status).toBe(201);
    const hook = (await res.json()) as CreatedWebhook;
    receiver.setSecret(hook.secret);
    const lease = (await (await fetch(`${base}/api/generate`, { headers })).json()) as Lease;

    const info = await sendMail(smtpPort, {
      to: lease.email,
      subject: 'before the kill',
      text: 'x',
    });
    expect(info.response).toMatch(/^250 /);
    await receiver.waitFor(1);
    child.child.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');

    // On disk: one event, pending, never answered.
    const db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
    const rows = db.prepare('SELECT state, tries, message_id FROM webhook_events').all();
    db.close();
    expect(rows).toEqual([
      { state: 'pending', tries: 0, message_id: receiver.received[0]?.headers['webhook-id'] },
    ]);

    const m = await startMailTestApp({ dataDir });
    cleanups.push(() => m.close());
    await receiver.waitFor(2);
    const [first, again] = receiver.received;
    expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(again?.body).toBe(first?.body);
    expect(again?.verifiedNow).toBe(true);
    expect(JSON.parse(again?.body ?? '')).toMatchObject({
      type: 'mail.received',
      data: { email: lease.email, subject: 'before the kill' },
    });
    await m.t.app.mail.webhookWorker.idle();
    const list = (await (
      await m.api(`/api/webhooks/${hook.id}/deliveries`)
    ).json()) as WebhookDeliveries;
    expect(list).toMatchObject({ pending: 0, attempts: [{ event_state: 'delivered' }] });
    expect(receiver.received).toHaveLength(2);
  });

  it('an event whose first try failed before the kill is retried after the restart', async () => {
    const dataDir = makeTempDir();
    cleanups.push(() => removeTempDir(dataDir));
    const receiver = await new WebhookReceiver().start();
    cleanups.push(() => receiver.close());
    // The receiver is down at first: the try fails and waits 5 s, then the app is killed.
    const url = receiver.url;
    await receiver.close();

    const { app: child, base, smtpPort, key } = await spawnFirstRun(dataDir);
    cleanups.push(() => void child.child.kill('SIGKILL'));
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const hook = (await (
      await fetch(`${base}/api/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url }),
      })
    ).json()) as CreatedWebhook;
    const lease = (await (await fetch(`${base}/api/generate`, { headers })).json()) as Lease;
    await sendMail(smtpPort, { to: lease.email, subject: 'while down', text: 'x' });
    await expect
      .poll(
        async () => {
          const r = await fetch(`${base}/api/webhooks/${hook.id}/deliveries`, { headers });
          return ((await r.json()) as WebhookDeliveries).attempts.length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    child.child.kill('SIGKILL');
    await child.exited;

    // The receiver comes back on the same port; the restarted app's clock is 5 s later.
    const back = new WebhookReceiver(hook.secret);
    await back.listenOn(Number(new URL(url).port));
    cleanups.push(() => back.close());
    const m = await startMailTestApp({
      dataDir,
      clock: { now: () => Date.now() + 6_000 },
    });
    cleanups.push(() => m.close());
    await back.waitFor(1);
    expect(back.received[0]?.signatureValid).toBe(true);
    expect(JSON.parse(back.received[0]?.body ?? '')).toMatchObject({
      data: { subject: 'while down' },
    });
  });
});
