import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppController } from '../../src-main/app/app-controller.ts';
import { startApp } from '../../src-main/app/compose.ts';
import { appIpcHandlers } from '../../src-main/electron/app.ipc.ts';
import { settingsIpcHandlers } from '../../src-main/electron/settings.ipc.ts';
import { desktopIpcHandlers } from '../../src-main/electron/desktop.ipc.ts';
import { registerIpcHandlers, trustedSenderCheck } from '../../src-main/electron/ipc-register.ts';
import { updateIpcHandlers } from '../../src-main/electron/update.ipc.ts';
import { mailFilesIpcHandlers } from '../../src-main/electron/mail-files.ipc.ts';
import { webhooksIpcHandlers } from '../../src-main/electron/webhooks.ipc.ts';
import { mailIpcHandlers } from '../../src-main/electron/mail.ipc.ts';
import { sourcesIpcHandlers } from '../../src-main/electron/sources.ipc.ts';
import { MailWatch } from '../../src-main/electron/mail-watch.ts';
import { videoIpcHandlers } from '../../src-main/electron/video.ipc.ts';
import { isSameOrigin } from '../../src-main/electron/window-options.ts';
import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import type { IpcResult } from '../../src-shared/ipc/result.ts';
import { startCredentialListener } from '../helpers/credential-listener.ts';
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
      {
        ...appIpcHandlers({
          controller: app,
          services,
          meta: { version: 'test', platform: process.platform },
          clipboard: { writeText: () => Promise.resolve() },
          portChanges: () => [],
        }),
        ...settingsIpcHandlers({ controller: app, services }),
        ...desktopIpcHandlers({
          loginItem: null,
          openLogsFolder: () => Promise.resolve(),
          openExternal: () => Promise.resolve(),
        }),
        ...videoIpcHandlers({ services, saveDialog }),
        ...mailIpcHandlers({ services, watches }),
        ...mailFilesIpcHandlers({ services, saveDialog }),
        ...webhooksIpcHandlers({ services }),
        ...sourcesIpcHandlers({ services }),
        ...updateIpcHandlers({
          updates: null,
          updateSettings: (patch) => app.updateSettings(patch),
          version: 'test',
        }),
      },
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
    return { app, invoke, raw, received };
  }

  async function deliver(smtpPort: number, to: string, code: string): Promise<void> {
    await sendMail(smtpPort, {
      to,
      subject: 'Your verification code',
      text: `Your verification code is ${code}. It expires in 10 minutes.`,
    });
  }

  it('leases, watches and reads mail; keeps watching across a LAN switch on the same services', async () => {
    const { app, invoke, received } = await setup();
    const running = await app.services();
    const info = await invoke<{ localUrl: string; smtpPort: number; lanSharing: boolean }>(
      'app:info',
    );
    expect(info.lanSharing).toBe(false);
    const lease = await invoke<Lease>('mail:generate');
    await invoke('mail:watch', { email: lease.email.toUpperCase() });

    await deliver(info.smtpPort, lease.email, '482913');
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    expect(received[0]).toMatchObject({ email: lease.email, code: '482913' });
    const listed = await invoke<Mail[]>('mail:list', { email: lease.email });
    expect(listed.map((m) => m.id)).toEqual([received[0]?.id]);

    const settings = await invoke<{ lan_enabled: boolean }>('settings:update', {
      lan_enabled: true,
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

    await invoke('settings:update', { lan_enabled: false });
    expect(app.status()).toMatchObject({ lanSharing: false, smtpHost: '127.0.0.1' });
  });

  it('answers video and key requests with the same rules as REST', async () => {
    const { invoke, raw } = await setup();
    expect(await invoke('video:capacity')).toMatchObject({ total: 10, used: 0, available: 10 });
    expect(await raw('video:create', { text: 'no link in here' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await raw('video:get', { taskId: 'unknown-task' })).toMatchObject({
      ok: false,
      error: { code: 'TASK_GONE' },
    });
    const key = await invoke<{ id: number; key: string }>('keys:create', { name: 'phone' });
    expect(key.key).toMatch(/^eph_/);
    await invoke('keys:disable', { id: key.id });
    const keys = await invoke<{ id: number; disabled_at: string | null }[]>('keys:list');
    expect(keys.find((k) => k.id === key.id)?.disabled_at).toMatch(/Z$/);
    expect(await raw('mail:lease', { email: 'nobody@elsewhere.example' })).toMatchObject({
      ok: false,
      error: { code: 'MAIL_DOMAIN_UNSUPPORTED' },
    });
  });

  it('manages webhooks with the same rules as REST; the secret only at creation', async () => {
    const { invoke, raw } = await setup();
    const created = await invoke<{ id: number; secret: string }>('webhooks:create', {
      url: 'http://127.0.0.1:9/hook',
    });
    expect(created.secret).toMatch(/^whsec_/);
    const list = await invoke<object[]>('webhooks:list');
    expect(list).toEqual([expect.objectContaining({ id: created.id })]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(await raw('webhooks:create', { url: 'ftp://example.org/' })).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID' },
    });
    expect(await raw('webhooks:create', { url: 'http://x/', secret: 'mine' })).toMatchObject({
      ok: false,
    });
    expect(await invoke('webhooks:deliveries', { id: created.id })).toEqual({
      pending: 0,
      attempts: [],
    });
    expect(await invoke('webhooks:delete', { id: created.id })).toBeNull();
    expect(await raw('webhooks:delete', { id: created.id })).toMatchObject({
      ok: false,
      error: { code: 'WEBHOOK_NOT_FOUND' },
    });
  });

  it('searches, marks read, deletes and empties mail with the same rules as REST', async () => {
    const { invoke, raw } = await setup();
    const info = await invoke<{ smtpPort: number }>('app:info');
    const lease = await invoke<Lease>('mail:generate');
    await deliver(info.smtpPort, lease.email, '482913');
    await deliver(info.smtpPort, lease.email, '771204');
    const [a, b] = await invoke<Mail[]>('mail:list', { email: lease.email });
    if (!a || !b) throw new Error('not stored');
    expect(
      (await invoke<Mail[]>('mail:search', { email: lease.email, q: '771204' })).map((m) => m.id),
    ).toEqual([b.id]);
    expect(await raw('mail:search', { email: lease.email, q: '' })).toMatchObject({
      ok: false,
      error: { code: 'MAIL_BAD_REQUEST' },
    });
    expect(await raw('mail:search', { email: lease.email, q: 'a'.repeat(300) })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await invoke('mail:set-read', { email: lease.email, id: a.id, read: true })).toEqual({
      id: a.id,
      read: true,
    });
    expect(await raw('mail:set-read', { email: lease.email, id: a.id, read: 'yes' })).toMatchObject(
      { ok: false },
    );
    // Mark all read: one call, the count of mails that were unread (b), then 0; unknown: 404.
    expect(await invoke('mail:read-all', { email: lease.email })).toEqual({ marked: 1 });
    expect((await invoke<Mail[]>('mail:list', { email: lease.email })).map((m) => m.read)).toEqual([
      true,
      true,
    ]);
    expect(await invoke('mail:read-all', { email: lease.email })).toEqual({ marked: 0 });
    expect(await raw('mail:read-all', { email: 'nobody@ephemera.localhost' })).toMatchObject({
      ok: false,
      error: { code: 'MAILBOX_NOT_FOUND' },
    });
    expect(await invoke('mail:delete', { email: lease.email, id: a.id })).toEqual({ deleted: 1 });
    expect(await raw('mail:delete', { email: lease.email, id: a.id })).toMatchObject({
      ok: false,
      error: { code: 'MAIL_NOT_FOUND' },
    });
    expect(await invoke('mail:empty', { email: lease.email })).toEqual({ deleted: 1 });
    expect(await invoke<Mail[]>('mail:list', { email: lease.email })).toEqual([]);
  });

  it('manages mail sources with the same rules as REST, never answering the password', async () => {
    const { invoke, raw } = await setup();
    const body = {
      kind: 'imap',
      // A loopback port nothing listens on: the source never reaches past this machine.
      host: '127.0.0.1',
      port: 9,
      tls: 'implicit',
      username: 'me@example.org',
      password: 'ipc-app-password',
    };
    const bad = (await raw('sources:create', {
      ...body,
      host: 'imap.example.org',
      tls: 'none',
    })) as IpcResult<never>;
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID', reason: 'source_plain_needs_loopback' },
    });
    const created = await invoke<{ id: string }>('sources:create', body);
    const listed = await invoke<unknown[]>('sources:list');
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain('ipc-app-password');
    const patched = await invoke<{ port: number }>('sources:update', {
      id: created.id,
      patch: { port: 1993, password: 'ipc-app-password' },
    });
    expect(patched.port).toBe(1993);
    const missing = (await raw('sources:test', { id: 'src_none' })) as IpcResult<never>;
    expect(missing).toMatchObject({ ok: false, error: { code: 'SOURCE_NOT_FOUND' } });
    // OAuth sign-in over IPC (issue 34): a password source has none to start.
    const notOAuth = (await raw('sources:authorize', { id: created.id })) as IpcResult<never>;
    expect(notOAuth).toMatchObject({
      ok: false,
      error: { code: 'SETTINGS_INVALID', reason: 'source_not_oauth' },
    });
    expect(await invoke('sources:delete', { id: created.id })).toBeNull();
    expect(await invoke<unknown[]>('sources:list')).toEqual([]);
  });

  it('refuses to send a stored source password to another host, port, TLS or user (issue 36)', async () => {
    const { invoke, raw } = await setup();
    const listener = await startCredentialListener();
    try {
      const created = await invoke<{ id: string }>('sources:create', {
        kind: 'imap',
        host: '127.0.0.1',
        port: 9,
        tls: 'none',
        username: 'me@example.org',
        password: 'ipc-secret-stays-home',
      });
      for (const patch of [
        { port: listener.port },
        { host: 'localhost', port: listener.port },
        { tls: 'starttls', port: listener.port },
        { username: 'other@example.org', port: listener.port },
      ]) {
        const refused = (await raw('sources:update', {
          id: created.id,
          patch,
        })) as IpcResult<never>;
        expect(refused).toMatchObject({
          ok: false,
          error: { code: 'SETTINGS_INVALID', reason: 'source_password_required' },
        });
      }
      const [kept] = await invoke<{ port: number }[]>('sources:list');
      expect(kept?.port).toBe(9);
      expect(listener.connections()).toBe(0);
      // With the password the move is made, and only the new password goes there.
      await invoke('sources:update', {
        id: created.id,
        patch: { port: listener.port, password: 'ipc-new-password' },
      });
      await listener.waitFor('ipc-new-password');
      expect(listener.saw('ipc-secret-stays-home')).toBe(false);
    } finally {
      await listener.close();
    }
  });

  it('never answers the proxy password over IPC either (issue 36)', async () => {
    const { invoke } = await setup();
    const set = await invoke<{ proxy: string; proxy_password_set: boolean }>('settings:update', {
      proxy: 'http://sam:ipc-proxy-s3cret@127.0.0.1:9',
    });
    const got = await invoke<{ proxy: string; proxy_password_set: boolean }>('settings:get');
    for (const answer of [set, got]) {
      expect(answer).toMatchObject({ proxy: 'http://sam@127.0.0.1:9', proxy_password_set: true });
      expect(JSON.stringify(answer)).not.toContain('ipc-proxy-s3cret');
    }
    expect(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).not.toContain(
      'ipc-proxy-s3cret',
    );
  });
});
