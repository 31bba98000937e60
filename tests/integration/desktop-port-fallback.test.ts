import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../../src-main/app/compose.ts';
import { PortInUseError, type PortTakenHandler } from '../../src-main/net/listeners.ts';
import {
  isEphemeraAt,
  OtherEphemeraError,
  portFallback,
} from '../../src-main/electron/port-fallback.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

/**
 * The desktop's answer to a taken port, on the real composition root: the listeners move to a
 * free port (Fastify listens again after the refused attempt), settings.json is not written,
 * and a real Ephemera on the port is recognised by its /api/info.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function blocker(body = 'not ephemera'): Promise<number> {
  const server = http.createServer((_req, res) => res.end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

async function start(
  ports: { port: number; smtpPort: number },
  onPortTaken?: PortTakenHandler,
): Promise<{ app: RunningApp; dataDir: string }> {
  const dataDir = makeTempDir('ephemera-fallback-');
  cleanups.push(() => removeTempDir(dataDir));
  const app = await startApp(
    { host: '127.0.0.1', ...ports, dataDir, domains: [], headless: false, proxy: null },
    { quiet: true, onPortTaken },
  );
  cleanups.push(() => app.stop());
  return { app, dataDir };
}

describe('a taken port at the desktop start', () => {
  it('serves HTTP and SMTP on free ports and keeps settings.json untouched', async () => {
    const httpTaken = await blocker();
    const smtpTaken = await blocker();
    const fallback = portFallback((port) => isEphemeraAt(port));
    const { app, dataDir } = await start({ port: httpTaken, smtpPort: smtpTaken }, (s, p) =>
      fallback.onPortTaken(s, p),
    );
    const httpPort = Number(new URL(app.httpUrl).port);
    expect(httpPort).not.toBe(httpTaken);
    expect(app.smtpPort).not.toBe(smtpTaken);
    expect(fallback.changes()).toEqual([
      { service: 'http', preferred: httpTaken },
      { service: 'smtp', preferred: smtpTaken },
    ]);
    const res = await fetch(`${app.httpUrl}/api/info`);
    expect(res.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'settings.json'))).toBe(false);
  });

  it('without the handler (headless), a taken port still ends the start', async () => {
    const taken = await blocker();
    await expect(start({ port: taken, smtpPort: 0 })).rejects.toBeInstanceOf(PortInUseError);
    // SMTPServer re-emits its socket's error: the start must still end with the sentence.
    const smtpTaken = await blocker();
    await expect(start({ port: 0, smtpPort: smtpTaken })).rejects.toThrow(
      `SMTP port ${smtpTaken} is already in use; choose another with --smtp-port.`,
    );
  });

  it('recognises another Ephemera on the port and stops, leaving it alone', async () => {
    const { app: other } = await start({ port: 0, smtpPort: 0 });
    const otherPort = Number(new URL(other.httpUrl).port);
    expect(await isEphemeraAt(otherPort)).toBe(true);
    const fallback = portFallback((port) => isEphemeraAt(port));
    await expect(
      start({ port: otherPort, smtpPort: 0 }, (s, p) => fallback.onPortTaken(s, p)),
    ).rejects.toBeInstanceOf(OtherEphemeraError);
    expect((await fetch(`${other.httpUrl}/api/info`)).status).toBe(200);
  });

  it('does not mistake another program for Ephemera', async () => {
    expect(await isEphemeraAt(await blocker('{"version":"1"}'))).toBe(false);
    expect(await isEphemeraAt(await blocker())).toBe(false);
    const closed = await blocker();
    cleanups.pop();
    expect(await isEphemeraAt(closed, fetch, 200)).toBe(false);
  });
});
