import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppController } from '../../src-main/app/app-controller.ts';
import { startApp } from '../../src-main/app/compose.ts';
import { desktopIpc } from '../../src-main/electron/ipc-handlers.ts';
import { registerIpcHandlers, trustedSenderCheck } from '../../src-main/electron/ipc-register.ts';
import { MailWatch } from '../../src-main/electron/mail-watch.ts';
import { isSameOrigin } from '../../src-main/electron/window-options.ts';
import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import { startCredentialListener } from '../helpers/credential-listener.ts';
import { DESKTOP_STUBS } from '../helpers/desktop-stubs.ts';
import { FakeIpcMain, FakeWebContents } from '../helpers/fake-electron.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

/**
 * The desktop's IPC handlers against the real services (startApp through AppController), with
 * only Electron's ipcMain faked: the same use cases the REST routes run.
 */
describe('desktop IPC on the real services', () => {
  let controller: AppController | null = null;
  let dataDir = '';
  afterEach(async () => {
    await controller?.stop();
    controller = null;
    removeTempDir(dataDir);
  });

  async function setup() {
    dataDir = makeTempDir();
    const app = new AppController({
      config: {
        host: '127.0.0.1',
        port: 0,
        smtpPort: 0,
        dataDir,
        domains: [],
        headless: false,
        proxy: null,
      },
      start: (config) => startApp(config, { quiet: true }),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    controller = app;
    const received: Mail[] = [];
    const watches = new MailWatch((mail) => received.push(mail));
    app.onChange((change) => watches.attach(change.app.mail.hub));
    await app.start();
    const window = new FakeWebContents();
    const origin = () => app.status().localUrl;
    const ipc = new FakeIpcMain();
    const services = () => app.services();
    const saveDialog = {
      ask: () => Promise.resolve({ canceled: true }),
      downloadsDir: () => dataDir,
    };
    registerIpcHandlers(
      ipc.asIpcMain(),
      desktopIpc({
        controller: app,
        services,
        meta: { version: 'test', platform: process.platform },
        ...DESKTOP_STUBS,
        saveDialog,
        watches,
      }),
      {
        isTrustedSender: trustedSenderCheck(
          () => window.id,
          (url) => isSameOrigin(url, origin()),
        ),
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      },
    );
    const invoke = async <T>(channel: string, request?: unknown): Promise<T> => {
      const result = (await ipc.invoke(
        channel,
        window.invokeEvent(`${origin()}/`),
        request,
      )) as IpcResult<T>;
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
      return result.value;
    };
    const raw = (channel: string, request?: unknown) =>
      ipc.invoke(channel, window.invokeEvent(`${origin()}/`), request);
    /** A route of the REST table over the generic channel, as the renderer sends it. */
    const call = <T>(
      route: string,
      args: { params?: object; query?: object; body?: unknown } = {},
    ) => invoke<T>('api:call', { route, ...args });
    const rawCall = (
      route: string,
      args: { params?: object; query?: object; body?: unknown } = {},
    ) => raw('api:call', { route, ...args });
    return { app, invoke, raw, call, rawCall, received };
  }

  async function deliver(smtpPort: number, to: string, code: string): Promise<void> {
    await sendMail(smtpPort, {
      to,
      subject: 'Your verification code',
      text: `Your verification code is ${code}. It expires in 10 minutes.`,
    });
  }

  it('leases, watches and reads mail; keeps watching across a LAN switch on the same services', async () => {
    const { app, invoke, call, received } = await setup();
    const running = await app.services();
    const info = await invoke<{ localUrl: string; smtpPort: number; lanSharing: boolean }>(
      'app:info',
    );
    expect(info.lanSharing).toBe(false);
    const lease = await call<Lease>('mailGenerate');
    await invoke('mail:watch', { email: lease.email.toUpperCase() });

    await deliver(info.smtpPort, lease.email, '482913');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    expect(received[0]).toMatchObject({ email: lease.email, code: '482913' });
    const listed = await call<Mail[]>('mailList', { params: { email: lease.email } });
    expect(listed.map((m) => m.id)).toEqual([received[0]?.id]);

    const settings = await call<{ lan_enabled: boolean }>('settingsUpdate', {
      body: { lan_enabled: true },
    });
    expect(settings.lan_enabled).toBe(true);
    const shared = app.status();
    expect(shared.localUrl).toBe(info.localUrl);
    expect(shared.smtpPort).toBe(info.smtpPort);
    expect(shared.smtpHost).toBe('0.0.0.0');
    expect((await fetch(`${shared.localUrl}/api/health`)).status).toBe(200);
    // Rebound in place: the very same services, not a restart.
    expect(await app.services()).toBe(running);

    await deliver(info.smtpPort, lease.email, '771204');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    expect(received[1]?.code).toBe('771204');

    await call('settingsUpdate', { body: { lan_enabled: false } });
    expect(app.status()).toMatchObject({ lanSharing: false, smtpHost: '127.0.0.1' });
  });

  it('answers video and key requests with the same rules as REST', async () => {
    const { call, rawCall } = await setup();
    expect(await call('capacity')).toMatchObject({ total: 10, used: 0, available: 10 });
    expect(await rawCall('taskCreate', { body: { text: 'no link in here' } })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await rawCall('taskGet', { params: { token: 'unknown-task' } })).toMatchObject({
      ok: false,
      error: { code: 'TASK_GONE' },
    });
    const key = await call<{ id: number; key: string }>('keyCreate', { body: { name: 'phone' } });
    expect(key.key).toMatch(/^eph_/);
    await call('keyDisable', { params: { id: key.id } });
    const { keys } = await call<{ keys: { id: number; disabled_at: string | null }[] }>('keyList');
    expect(keys.find((k) => k.id === key.id)?.disabled_at).toMatch(/Z$/);
    expect(
      await rawCall('mailboxLease', { params: { email: 'nobody@elsewhere.example' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'MAIL_DOMAIN_UNSUPPORTED' },
    });
  });

  it('manages webhooks with the same rules as REST; the secret only at creation', async () => {
    const { call, rawCall } = await setup();
    const created = await call<{ id: number; secret: string }>('webhookCreate', {
      body: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(created.secret).toMatch(/^whsec_/);
    const list = await call<object[]>('webhookList');
    expect(list).toEqual([expect.objectContaining({ id: created.id })]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(await rawCall('webhookCreate', { body: { url: 'ftp://example.org/' } })).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID' },
    });
    expect(
      await rawCall('webhookCreate', { body: { url: 'http://x/', secret: 'mine' } }),
    ).toMatchObject({
      ok: false,
    });
    expect(await call('webhookDeliveries', { params: { id: created.id } })).toEqual({
      pending: 0,
      attempts: [],
    });
    expect(await call('webhookDelete', { params: { id: created.id } })).toBeUndefined();
    expect(await rawCall('webhookDelete', { params: { id: created.id } })).toMatchObject({
      ok: false,
      error: { code: 'WEBHOOK_NOT_FOUND' },
    });
  });

  it('searches, marks read, deletes and empties mail with the same rules as REST', async () => {
    const { invoke, call, rawCall } = await setup();
    const info = await invoke<{ smtpPort: number }>('app:info');
    const lease = await call<Lease>('mailGenerate');
    const mailbox = { params: { email: lease.email } };
    await deliver(info.smtpPort, lease.email, '482913');
    await deliver(info.smtpPort, lease.email, '771204');
    const [a, b] = await call<Mail[]>('mailList', mailbox);
    if (!a || !b) throw new Error('not stored');
    expect(
      (await call<Mail[]>('mailList', { ...mailbox, query: { q: '771204' } })).map((m) => m.id),
    ).toEqual([b.id]);
    expect(await rawCall('mailList', { ...mailbox, query: { q: '' } })).toMatchObject({
      ok: false,
      error: { code: 'MAIL_BAD_REQUEST' },
    });
    // As over REST (GET /api/emails/{email}?q=): a 400 MAIL_BAD_REQUEST past the length limit.
    expect(await rawCall('mailList', { ...mailbox, query: { q: 'a'.repeat(300) } })).toMatchObject({
      ok: false,
      error: { code: 'MAIL_BAD_REQUEST' },
    });
    expect(
      await call('mailSetRead', { params: { email: lease.email, id: a.id }, body: { read: true } }),
    ).toEqual({
      id: a.id,
      read: true,
    });
    expect(
      await rawCall('mailSetRead', {
        params: { email: lease.email, id: a.id },
        body: { read: 'yes' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'MAIL_BAD_REQUEST' } });
    // Mark all read: one call, the count of mails that were unread (b), then 0; unknown: 404.
    expect(await call('mailReadAll', mailbox)).toEqual({ marked: 1 });
    expect((await call<Mail[]>('mailList', mailbox)).map((m) => m.read)).toEqual([true, true]);
    expect(await call('mailReadAll', mailbox)).toEqual({ marked: 0 });
    expect(
      await rawCall('mailReadAll', { params: { email: 'nobody@ephemera.localhost' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'MAILBOX_NOT_FOUND' },
    });
    expect(await call('mailDelete', { params: { email: lease.email, id: a.id } })).toEqual({
      deleted: 1,
    });
    expect(await rawCall('mailDelete', { params: { email: lease.email, id: a.id } })).toMatchObject(
      {
        ok: false,
        error: { code: 'MAIL_NOT_FOUND' },
      },
    );
    expect(await call('mailEmpty', mailbox)).toEqual({ deleted: 1 });
    expect(await call<Mail[]>('mailList', mailbox)).toEqual([]);
  });

  it('manages mail sources with the same rules as REST, never answering the password', async () => {
    const { call, rawCall } = await setup();
    const body = {
      kind: 'imap',
      // A loopback port nothing listens on: the source never reaches past this machine.
      host: '127.0.0.1',
      port: 9,
      tls: 'implicit',
      username: 'me@example.org',
      password: 'ipc-app-password',
    };
    const bad = (await rawCall('sourceCreate', {
      body: { ...body, host: 'imap.example.org', tls: 'none' },
    })) as IpcResult<never>;
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID', reason: 'source_plain_needs_loopback' },
    });
    const created = await call<{ id: string }>('sourceCreate', { body });
    const listed = await call<unknown[]>('sourceList');
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain('ipc-app-password');
    const patched = await call<{ port: number }>('sourceUpdate', {
      params: { id: created.id },
      body: { port: 1993, password: 'ipc-app-password' },
    });
    expect(patched.port).toBe(1993);
    const missing = (await rawCall('sourceTest', {
      params: { id: 'src_none' },
    })) as IpcResult<never>;
    expect(missing).toMatchObject({ ok: false, error: { code: 'SOURCE_NOT_FOUND' } });
    // OAuth sign-in over IPC (issue 34): a password source has none to start.
    const notOAuth = (await rawCall('sourceAuthorize', {
      params: { id: created.id },
    })) as IpcResult<never>;
    expect(notOAuth).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID', reason: 'source_not_oauth' },
    });
    expect(await call('sourceDelete', { params: { id: created.id } })).toBeUndefined();
    expect(await call<unknown[]>('sourceList')).toEqual([]);
  });

  it('refuses to send a stored source password to another host, port, TLS or user (issue 36)', async () => {
    const { call, rawCall } = await setup();
    const listener = await startCredentialListener();
    try {
      const created = await call<{ id: string }>('sourceCreate', {
        body: {
          kind: 'imap',
          host: '127.0.0.1',
          port: 9,
          tls: 'none',
          username: 'me@example.org',
          password: 'ipc-secret-stays-home',
        },
      });
      for (const patch of [
        { port: listener.port },
        { host: 'localhost', port: listener.port },
        { tls: 'starttls', port: listener.port },
        { username: 'other@example.org', port: listener.port },
      ]) {
        const refused = (await rawCall('sourceUpdate', {
          params: { id: created.id },
          body: patch,
        })) as IpcResult<never>;
        expect(refused).toMatchObject({
          ok: false,
          error: { code: 'SETTINGS_INVALID', reason: 'source_password_required' },
        });
      }
      const [kept] = await call<{ port: number }[]>('sourceList');
      expect(kept?.port).toBe(9);
      expect(listener.connections()).toBe(0);
      // With the password the move is made, and only the new password goes there.
      await call('sourceUpdate', {
        params: { id: created.id },
        body: { port: listener.port, password: 'ipc-new-password' },
      });
      await listener.waitFor('ipc-new-password');
      expect(listener.saw('ipc-secret-stays-home')).toBe(false);
    } finally {
      await listener.close();
    }
  });

  it('never answers the proxy password over IPC either (issue 36)', async () => {
    const { call } = await setup();
    const set = await call<{ proxy: string; proxy_password_set: boolean }>('settingsUpdate', {
      body: { proxy: 'http://sam:ipc-proxy-s3cret@127.0.0.1:9' },
    });
    const got = await call<{ proxy: string; proxy_password_set: boolean }>('settingsGet');
    for (const answer of [set, got]) {
      expect(answer).toMatchObject({ proxy: 'http://sam@127.0.0.1:9', proxy_password_set: true });
      expect(JSON.stringify(answer)).not.toContain('ipc-proxy-s3cret');
    }
    expect(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).not.toContain(
      'ipc-proxy-s3cret',
    );
  });
});
