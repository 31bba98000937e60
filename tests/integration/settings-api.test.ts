import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerSettings } from '../../src-shared/api/server-settings.ts';
import { deferred } from '../helpers/deferred.ts';
import { freePorts } from '../helpers/free-ports.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { publishVideo } from '../helpers/sim-posts.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';
import type { TestAppOptions } from '../helpers/test-app.ts';
import { WsClient } from '../helpers/ws-client.ts';

/**
 * Binds `port` on 127.0.0.2 and closes again. Linux refuses it while the port is held on
 * 0.0.0.0 and allows it while only 127.0.0.1 holds it: how a test sees where a server listens
 * without sending a byte anywhere but loopback.
 */
function canBind127002(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.2', () => probe.close(() => resolve(true)));
  });
}

describe('server settings on the running app (/api/settings)', () => {
  let m: MailTestApp | null = null;
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await m?.close();
    m = null;
  });

  async function start(options: TestAppOptions = {}): Promise<MailTestApp> {
    m = await startMailTestApp(options);
    return m;
  }

  async function patch(app: MailTestApp, body: unknown): Promise<Response> {
    return app.api('/api/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function settings(app: MailTestApp): Promise<ServerSettings> {
    return (await (await app.api('/api/settings')).json()) as ServerSettings;
  }

  it('GET /api/info and GET /api/settings describe the running services', async () => {
    const app = await start();
    const info = (await (await app.t.request('/api/info')).json()) as Record<string, unknown>;
    expect(info).toMatchObject({
      http_url: app.t.app.httpUrl,
      lan_url: null,
      lan_enabled: false,
      smtp_port: app.smtpPort,
      domains: ['ephemera.localhost'],
      client_is_local: true,
    });
    expect(await settings(app)).toEqual({
      lan_enabled: false,
      lan_url: null,
      http_port: Number(new URL(app.t.app.httpUrl).port),
      smtp_port: app.smtpPort,
      domains: ['ephemera.localhost'],
      domains_locked: false,
      proxy: null,
      proxy_password_set: false,
      data_dir: app.t.dataDir,
      code_notifications: true,
      allowed_hosts: [],
      auto_updates: true,
      locked: [],
      restart_required: false,
    });
    expect((await app.t.request('/api/settings')).status).toBe(401);
  });

  it('LAN sharing moves both listeners to every interface and back, keeping a download and a WebSocket going', async () => {
    const app = await start();
    const httpPort = Number(new URL(app.t.app.httpUrl).port);
    const lease = await app.generate();
    const ws = await WsClient.connect(
      `${app.t.app.httpUrl.replace('http', 'ws')}/ws/${lease.email}?api_key=${app.key}`,
    );
    cleanups.push(() => ws.close());
    await ws.waitFor((msg) => msg.type === 'connected');
    const cdn = deferred();
    const video = publishVideo(app.t.sim, { size: 300_000, hold: cdn.promise });
    const created = (await (await app.t.postShare(video.shareUrl)).json()) as { task_id: string };
    await app.t.waitFor(created.task_id, ['processing']);

    expect(await canBind127002(httpPort)).toBe(true);
    const on = await patch(app, { lan_enabled: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ lan_enabled: true, http_port: httpPort });
    expect(await canBind127002(httpPort)).toBe(false);
    expect(await canBind127002(app.smtpPort)).toBe(false);
    expect(app.t.app.smtpHost).toBe('0.0.0.0');

    cdn.resolve();
    const done = await app.t.waitFor(created.task_id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    const off = await patch(app, { lan_enabled: false });
    expect(await off.json()).toMatchObject({ lan_enabled: false, lan_url: null });
    expect(await canBind127002(httpPort)).toBe(true);
    expect(await canBind127002(app.smtpPort)).toBe(true);

    // The WebSocket opened before both switches still gets mail.
    await sendTo(app, lease.email);
    const [frame] = await ws.waitFor((msg) => msg.type === 'email');
    expect(frame).toMatchObject({ type: 'email', data: { code: '482913' } });
    expect(ws.closed).toBeNull();
    // And the rebound server takes new WebSockets as before.
    const again = await WsClient.connect(
      `${app.t.app.httpUrl.replace('http', 'ws')}/ws/${lease.email}?api_key=${app.key}&after_id=0`,
    );
    cleanups.push(() => again.close());
    const [replayed] = await again.waitFor((msg) => msg.type === 'email');
    expect(replayed).toMatchObject({ data: { code: '482913' } });
    expect(fs.readFileSync(path.join(app.t.dataDir, 'settings.json'), 'utf8')).toContain(
      '"lanSharing": false',
    );
  });

  it('a LAN switch that cannot bind answers 409 and keeps serving on loopback', async () => {
    const app = await start();
    const httpPort = Number(new URL(app.t.app.httpUrl).port);
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(httpPort, '127.0.0.2', resolve));
    cleanups.push(() => new Promise<void>((resolve) => squatter.close(() => resolve())));
    const res = await patch(app, { lan_enabled: true, code_notifications: false });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/already uses/);
    const now = await settings(app);
    expect(now).toMatchObject({ lan_enabled: false, code_notifications: true });
    expect((await app.t.request('/api/health')).status).toBe(200);
  });

  it('LAN sharing, ports and the data folder survive a restart; the database follows the folder', async () => {
    const app = await start();
    const [httpPort = 0, smtpPort = 0] = await freePorts(2);
    const newDir = path.join(makeTempDir(), 'moved here');
    cleanups.push(() => removeTempDir(path.dirname(newDir)));
    const lease = await app.generate();
    const res = await patch(app, {
      lan_enabled: true,
      http_port: httpPort,
      smtp_port: smtpPort,
      data_dir: newDir,
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      http_port: httpPort,
      smtp_port: smtpPort,
      data_dir: newDir,
      restart_required: true,
    });

    await app.t.restart();
    expect(app.t.app.httpUrl).toBe(`http://0.0.0.0:${httpPort}`);
    expect(app.t.app.smtpPort).toBe(smtpPort);
    expect(fs.existsSync(path.join(newDir, 'ephemera.db'))).toBe(true);
    // The same API key and mailbox, read from the moved database.
    expect((await app.mails(lease.email)).length).toBe(0);
    expect(await settings(app)).toMatchObject({
      lan_enabled: true,
      data_dir: newDir,
      restart_required: false,
    });
    // Back to the folder it started with: stored as "not set".
    await patch(app, { data_dir: app.t.dataDir, lan_enabled: false });
    const stored = JSON.parse(
      fs.readFileSync(path.join(app.t.dataDir, 'settings.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(stored).toMatchObject({ dataDir: null, httpPort, smtpPort, lanSharing: false });
  });

  it('domains change at once: new addresses use them, and an empty list gives 503', async () => {
    const app = await start();
    const res = await patch(app, { domains: ['Mail.Example.ORG', 'mail.example.org'] });
    expect(await res.json()).toMatchObject({ domains: ['mail.example.org'] });
    expect((await app.generate()).email).toMatch(/@mail\.example\.org$/);
    await patch(app, { domains: [] });
    expect((await app.api('/api/generate')).status).toBe(503);
    const bad = await patch(app, { domains: ['ok.example', 'not a domain'] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      detail:
        '"not a domain" is not a valid mail domain or mailbox address: write a domain with a dot (mail.example.org) or name@domain, without +.',
      reason: 'domain_invalid',
    });
    expect((await settings(app)).domains).toEqual([]);
  });

  it('refuses what it cannot use, applying nothing of that change', async () => {
    const app = await start();
    const file = path.join(app.t.dataDir, 'a-file');
    fs.writeFileSync(file, 'x');
    const cases: [unknown, RegExp, string][] = [
      [
        { data_dir: path.join(file, 'sub'), code_notifications: false },
        /Cannot use/,
        'data_dir_unusable',
      ],
      [{ http_port: app.smtpPort }, /two different ports/, 'ports_same'],
      [{ http_port: 0 }, /http_port/, 'port_invalid'],
      [{ smtp_port: 70000 }, /smtp_port/, 'port_invalid'],
      // Ports that cannot work: SMTP on another protocol's port, HTTP on one browsers refuse.
      [{ smtp_port: 80 }, /^Port 80 is for HTTP, not mail/, 'smtp_port_reserved'],
      [{ smtp_port: 443 }, /^Port 443 is for HTTPS/, 'smtp_port_reserved'],
      [{ smtp_port: 22 }, /^Port 22 is for SSH/, 'smtp_port_reserved'],
      [{ http_port: 6000 }, /^Browsers refuse to open pages on port 6000/, 'http_port_blocked'],
      [{ http_port: 25 }, /^Browsers refuse to open pages on port 25/, 'http_port_blocked'],
      [{ proxy: 'ftp://proxy.example:21' }, /proxy/, 'proxy_invalid'],
      [{ allowed_hosts: ['*.example.org'] }, /not a host name/, 'host_invalid'],
      [{ lanSharing: true }, /lanSharing|Unrecognized/i, 'value_invalid'],
      [[1, 2], /body|expected object/i, 'value_invalid'],
    ];
    for (const [body, detail, reason] of cases) {
      const res = await patch(app, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { detail: string; reason: string };
      expect(answer.detail).toMatch(detail);
      expect(answer.reason, JSON.stringify(body)).toBe(reason);
    }
    expect(await settings(app)).toMatchObject({
      code_notifications: true,
      restart_required: false,
    });
    expect(fs.existsSync(path.join(app.t.dataDir, 'settings.json'))).toBe(false);
  });

  it("SMTP's own ports (25, 465, 587, 2525) and ordinary HTTP ports are taken", async () => {
    const app = await start();
    for (const smtp_port of [25, 465, 587, 2525]) {
      const res = await patch(app, { smtp_port });
      expect(res.status, String(smtp_port)).toBe(200);
      expect(((await res.json()) as { smtp_port: number }).smtp_port).toBe(smtp_port);
    }
    for (const http_port of [80, 443, 8080, 8787]) {
      expect((await patch(app, { http_port })).status, String(http_port)).toBe(200);
    }
  });

  it('settings a flag fixed for this run are read-only (409)', async () => {
    const app = await start({ config: { locked: ['http_port', 'proxy'], domains: ['x.example'] } });
    expect(await settings(app)).toMatchObject({
      locked: ['http_port', 'proxy'],
      domains_locked: true,
    });
    for (const body of [{ http_port: 9999 }, { proxy: null }, { domains: ['y.example'] }]) {
      const res = await patch(app, body);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/for this run/);
    }
    expect((await patch(app, { smtp_port: 2600 })).status).toBe(200);
  });
});

async function sendTo(app: MailTestApp, email: string): Promise<void> {
  await sendMail(app.smtpPort, {
    to: email,
    subject: 'Your code',
    text: 'Your verification code is 482913.',
  });
}
