import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GuardProxy, guardedConnect } from '../../../../src-main/video/outbound/guard-proxy.ts';

let proxy: GuardProxy | null = null;
afterEach(async () => {
  await proxy?.close();
  proxy = null;
});

/** Sends one raw CONNECT and returns the proxy's status line. */
async function connectLine(target: string, auth: string | null): Promise<string> {
  const url = new URL(await (proxy as GuardProxy).url());
  const header = auth === null ? '' : `proxy-authorization: ${auth}\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), '127.0.0.1', () =>
      socket.write(`CONNECT ${target} HTTP/1.1\r\nhost: ${target}\r\n${header}\r\n`),
    );
    socket.once('data', (d: Buffer) => {
      resolve(d.toString('latin1').split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

async function credential(): Promise<string> {
  const url = new URL(await (proxy as GuardProxy).url());
  return `Basic ${Buffer.from(`${url.username}:${url.password}`).toString('base64')}`;
}

describe('GuardProxy', () => {
  it('listens on loopback only, with a random credential per proxy', async () => {
    proxy = new GuardProxy({ connect: () => Promise.reject(new Error('unused')) });
    const other = new GuardProxy();
    const a = new URL(await proxy.url());
    const b = new URL(await other.url());
    await other.close();
    expect(a.hostname).toBe('127.0.0.1');
    expect(a.password.length).toBeGreaterThanOrEqual(32);
    expect(a.password).not.toBe(b.password);
  });

  it('refuses a CONNECT without or with a wrong credential (407), before connecting', async () => {
    let connects = 0;
    proxy = new GuardProxy({
      connect: () => {
        connects++;
        return Promise.reject(new Error('unused'));
      },
    });
    expect(await connectLine('www.tiktok.com:443', null)).toMatch(/ 407 /);
    expect(await connectLine('www.tiktok.com:443', 'Basic ZXBoZW1lcmE6d3Jvbmc=')).toMatch(/ 407 /);
    expect(connects).toBe(0);
  });

  it('refuses IP literals and malformed targets (400)', async () => {
    proxy = new GuardProxy({ connect: () => Promise.reject(new Error('unused')) });
    const auth = await credential();
    for (const target of ['127.0.0.1:443', '[::1]:443', 'www.tiktok.com', 'a b:1', 'x.com:0']) {
      expect(await connectLine(target, auth), target).toMatch(/ 400 /);
    }
  });

  it('answers each connection failure with the status the page transport reads', async () => {
    const auth = await (async () => {
      proxy = new GuardProxy({
        connect: (host) =>
          Promise.reject(
            Object.assign(new Error(host), {
              code:
                { 'private.example': 'ENONPUBLIC', 'gone.example': 'ENOTFOUND' }[host] ?? 'EPIPE',
            }),
          ),
      });
      return credential();
    })();
    expect(await connectLine('private.example:443', auth)).toMatch(/ 403 /);
    expect(await connectLine('gone.example:443', auth)).toMatch(/ 503 /);
    expect(await connectLine('other.example:443', auth)).toMatch(/ 500 /);
  });

  it('guardedConnect refuses a name whose addresses are not all public, without connecting', async () => {
    const connect = guardedConnect(async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ]);
    await expect(connect('mixed.example', 443)).rejects.toMatchObject({ code: 'ENONPUBLIC' });
  });
});
