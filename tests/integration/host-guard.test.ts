import fs from 'node:fs';
import net from 'node:net';
import type os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { jsonOf, rawRequest } from '../helpers/raw-http.ts';
import { UpgradeRefused, WsClient } from '../helpers/ws-client.ts';

const LAN_ADDRESS = '192.168.1.20';

/** A machine with one LAN interface (never contacted: requests go to 127.0.0.1 with this Host). */
const interfaces = (): NodeJS.Dict<os.NetworkInterfaceInfo[]> => ({
  lo: [
    {
      address: '127.0.0.1',
      netmask: '255.0.0.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '127.0.0.1/8',
    },
  ],
  eth0: [
    {
      address: LAN_ADDRESS,
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: `${LAN_ADDRESS}/24`,
    },
  ],
});

/** Writes `head` on a fresh connection and reads everything the server answers. */
function rawExchange(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let out = '';
    socket.on('data', (chunk: Buffer) => (out += chunk.toString('latin1')));
    socket.once('error', reject);
    socket.once('end', () => {
      socket.destroy();
      resolve(out);
    });
  });
}

describe('Host allowlist (DNS rebinding)', () => {
  let m: MailTestApp;
  let port = 0;
  let email = '';
  beforeAll(async () => {
    m = await startMailTestApp({ networkInterfaces: interfaces });
    port = Number(new URL(m.t.app.httpUrl).port);
    email = (await m.generate()).email;
  });
  afterAll(() => m.close());

  const url = (p: string): string => `http://127.0.0.1:${port}${p}`;
  const withHost = (p: string, host: string, headers: Record<string, string> = {}) =>
    rawRequest(url(p), { headers: { host, ...headers } });

  async function settingsPatch(body: unknown): Promise<Response> {
    return m.api('/api/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it('serves loopback names on any port', async () => {
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${port}`,
      'localhost',
      'LOCALHOST:1',
      'localhost.',
      '[::1]',
      '[::1]:8080',
      '127.5.6.7:99',
      '0.0.0.0:8787',
    ]) {
      const res = await withHost('/api/health', host);
      expect(res.status, host).toBe(200);
    }
  });

  it('refuses any other Host with 403 {detail} naming the setting, on every kind of route', async () => {
    const key = { 'x-api-key': m.key };
    const targets: [string, Record<string, string>][] = [
      ['/api/health', {}],
      ['/api/capacity', {}],
      ['/', {}],
      ['/assets/index.js', {}],
      ['/api/tasks/AAAAAAAAAAAAAAAAAAAAAAAA/download', {}],
      ['/api/info', {}],
      ['/api/settings', key],
      [`/api/emails/${encodeURIComponent(email)}`, key],
      ['/api/generate', key],
      ['/no/such/path', {}],
    ];
    for (const host of [
      'evil.example',
      'evil.example:8787',
      '127.0.0.1.nip.io',
      'localhost.evil.example',
      '10.9.9.9',
      `${LAN_ADDRESS}:${port}`,
    ]) {
      for (const [p, headers] of targets) {
        const res = await withHost(p, host, headers);
        expect(res.status, `${host} ${p}`).toBe(403);
        const name = host.replace(/:\d+$/, '');
        expect(jsonOf(res), `${host} ${p}`).toEqual({
          detail: `Host '${name}' is not allowed. If you reach Ephemera through this name (a reverse proxy, a DNS name for this computer), add it under Settings → Allowed host names (allowed_hosts).`,
        });
      }
    }
    // A refused GET /api/generate made no lease: the request never reached the route.
    expect(m.t.app.mail.sessions.count()).toBe(0);
  });

  it('refuses a WebSocket upgrade with a foreign Host before it upgrades', async () => {
    const ws = `ws://127.0.0.1:${port}/ws/${encodeURIComponent(email)}?api_key=${m.key}`;
    const refused = await WsClient.connect(ws, { headers: { host: 'evil.example' } }).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(UpgradeRefused);
    expect((refused as UpgradeRefused).status).toBe(403);
    expect(JSON.parse((refused as UpgradeRefused).body)).toEqual({
      detail: expect.stringContaining("Host 'evil.example' is not allowed") as unknown,
    });
    const ok = await WsClient.connect(ws, { headers: { host: `localhost:${port}` } });
    await ok.waitFor((x) => x.type === 'connected');
    ok.close();
  });

  it('a missing or malformed Host is a 400 {detail}, HTTP/1.0 included', async () => {
    for (const head of [
      'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n',
      'GET /api/health HTTP/1.0\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: [zz]:80\r\nConnection: close\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: user@127.0.0.1\r\nConnection: close\r\n\r\n',
    ]) {
      const answer = await rawExchange(port, head);
      expect(answer, head).toMatch(/^HTTP\/1\.1 400 /);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body), head).toEqual({ detail: expect.stringMatching(/Host/) as unknown });
    }
  });

  it('the LAN address is served only while LAN sharing is on', async () => {
    const lanHost = `${LAN_ADDRESS}:${port}`;
    expect((await withHost('/api/health', lanHost)).status).toBe(403);
    expect((await settingsPatch({ lan_enabled: true })).status).toBe(200);
    try {
      expect((await withHost('/api/health', lanHost)).status).toBe(200);
      expect((await withHost('/', lanHost)).status).toBe(200);
      // Other addresses are still not this machine's.
      expect((await withHost('/api/health', '192.168.1.21')).status).toBe(403);
      expect((await withHost('/api/health', 'evil.example')).status).toBe(403);
    } finally {
      expect((await settingsPatch({ lan_enabled: false })).status).toBe(200);
    }
    expect((await withHost('/api/health', lanHost)).status).toBe(403);
  });

  it('allowed_hosts: validated, stored in settings.json, and served at once', async () => {
    expect((await withHost('/api/health', 'mail.example.org')).status).toBe(403);
    const bad: unknown[] = [
      ['*'],
      ['http://mail.example.org'],
      ['mail.example.org:8443'],
      ['a..b'],
      ['-x.example'],
      [''],
      'mail.example.org',
      [5],
      Array.from({ length: 51 }, (_, i) => `h${i}.example`),
    ];
    for (const value of bad) {
      const res = await settingsPatch({ allowed_hosts: value });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(await res.json()).toEqual({
        detail: expect.any(String) as unknown,
        reason: 'host_invalid',
      });
    }
    const res = await settingsPatch({
      allowed_hosts: ['Mail.Example.org.', 'mail.example.org', '[FD00::1]', '100.64.0.7'],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      allowed_hosts: ['mail.example.org', 'fd00::1', '100.64.0.7'],
    });
    const stored = JSON.parse(fs.readFileSync(path.join(m.t.dataDir, 'settings.json'), 'utf8')) as {
      allowedHosts: string[];
    };
    expect(stored.allowedHosts).toEqual(['mail.example.org', 'fd00::1', '100.64.0.7']);

    for (const host of ['mail.example.org', 'MAIL.example.org:443', '[fd00::1]:80', '100.64.0.7']) {
      expect((await withHost('/api/health', host)).status, host).toBe(200);
    }
    expect((await withHost('/api/health', 'sub.mail.example.org')).status).toBe(403);

    expect((await settingsPatch({ allowed_hosts: [] })).status).toBe(200);
    expect((await withHost('/api/health', 'mail.example.org')).status).toBe(403);
  });

  it('the allowed names survive a restart', async () => {
    expect((await settingsPatch({ allowed_hosts: ['proxy.example'] })).status).toBe(200);
    await m.t.restart({ networkInterfaces: interfaces });
    port = Number(new URL(m.t.app.httpUrl).port);
    expect((await withHost('/api/health', 'proxy.example')).status).toBe(200);
    expect((await m.api('/api/settings').then((r) => r.json())) as object).toMatchObject({
      allowed_hosts: ['proxy.example'],
    });
  });
});
