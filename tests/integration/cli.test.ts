import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lease, Mail } from '../../src-shared/mail/schemas.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { spawnApp, type SpawnedApp } from '../helpers/spawn-app.ts';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir.ts';

const BOTH_LINES = /^SMTP listening on /;

/** Reads the SMTP greeting from host:port. */
function smtpGreeting(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    socket.once('data', (data) => {
      socket.end('QUIT\r\n');
      resolve(data.toString());
    });
    socket.once('error', reject);
  });
}

describe('command line', () => {
  let app: SpawnedApp | undefined;
  let dataDir = '';
  afterEach(() => {
    app?.child.kill('SIGKILL');
    app = undefined;
    removeTempDir(dataDir);
  });

  function listening(lines: string[]) {
    const http = lines.filter((l) => l.startsWith('HTTP listening on '));
    const smtp = lines.filter((l) => l.startsWith('SMTP listening on '));
    expect(http).toHaveLength(1);
    expect(smtp).toHaveLength(1);
    const httpUrl = /^HTTP listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(http[0] ?? '');
    const smtpAddr = /^SMTP listening on (127\.0\.0\.1):(\d+)$/.exec(smtp[0] ?? '');
    expect(httpUrl).not.toBeNull();
    expect(smtpAddr).not.toBeNull();
    expect(Number(httpUrl?.[2])).toBeGreaterThan(0);
    return { url: httpUrl?.[1] ?? '', smtpPort: Number(smtpAddr?.[2]) };
  }

  it('npm start -- --headless prints the two lines with real ports and stops on SIGTERM', async () => {
    dataDir = makeTempDir();
    app = await spawnApp(
      ['start', '--', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { command: 'npm', ready: BOTH_LINES, timeoutMs: 30_000 },
    );
    const { url, smtpPort } = listening(app.stdout);
    expect((await fetch(`${url}/api/capacity`)).status).toBe(200);
    expect(await smtpGreeting('127.0.0.1', smtpPort)).toMatch(/^220 /);
    expect(fs.existsSync(path.join(dataDir, 'ephemera.db'))).toBe(true);
    // npm dies of the signal without passing it on; the server notices and stops by itself.
    app.child.kill('SIGTERM');
    await app.exited;
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      refused = await fetch(`${url}/api/capacity`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused).toBe(true);
  });

  it('the npm start bundle takes mail end to end (its parse worker is bundled too)', async () => {
    dataDir = makeTempDir();
    app = await spawnApp(
      ['start', '--', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { command: 'npm', ready: /^API key \(shown once\): /, timeoutMs: 30_000 },
    );
    const { url, smtpPort } = listening(app.stdout);
    const keyLine = app.stdout.find((line) => line.startsWith('API key (shown once): ')) ?? '';
    const key = keyLine.replace('API key (shown once): ', '');
    const headers = { 'x-api-key': key };
    const lease = (await (await fetch(`${url}/api/generate`, { headers })).json()) as Lease;
    await sendMail(smtpPort, { to: lease.email, subject: 'Sign in', text: 'Your code is 482913.' });
    const mails = (await (
      await fetch(`${url}/api/emails/${lease.email}`, { headers })
    ).json()) as Mail[];
    expect(mails).toMatchObject([{ subject: 'Sign in', code: '482913' }]);
    app.child.kill('SIGTERM');
    await app.exited;
    // The server notices npm is gone and stops; wait for its port to close before cleaning up.
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      refused = await fetch(`${url}/api/health`).then(
        () => false,
        () => true,
      );
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused).toBe(true);
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    dataDir = makeTempDir();
    app = await spawnApp(
      ['src-main/start.ts', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { ready: BOTH_LINES },
    );
    listening(app.stdout);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
  });

  it('stops cleanly on SIGINT, and takes its settings from the environment', async () => {
    dataDir = makeTempDir();
    app = await spawnApp(['src-main/start.ts', '--headless'], {
      env: { EPHEMERA_PORT: '0', EPHEMERA_SMTP_PORT: '0', EPHEMERA_DATA_DIR: dataDir },
      ready: BOTH_LINES,
    });
    const { url } = listening(app.stdout);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'ephemera.db'))).toBe(true);
    app.child.kill('SIGINT');
    expect(await app.exited).toBe(0);
  });

  it('falls back to headless with a one-line reason when Electron cannot start', async () => {
    dataDir = makeTempDir();
    app = await spawnApp(
      ['src-main/start.ts', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { env: { DISPLAY: '' }, ready: BOTH_LINES },
    );
    listening(app.stdout);
    const reasons = app.stderr.filter((l) => l.startsWith('Starting headless: '));
    expect(reasons).toHaveLength(1);
  });

  it('`npm run cli -- serve` runs the same services', async () => {
    dataDir = makeTempDir();
    app = await spawnApp(
      ['src-main/cli.ts', 'serve', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
      { ready: BOTH_LINES },
    );
    listening(app.stdout);
  });

  it.each([
    [['src-main/start.ts', '--headless', '--port', 'eighty']],
    [['src-main/start.ts', '--headless', '--bogus']],
    [['src-main/cli.ts', 'frobnicate']],
  ])('exits 2 with a message on bad input: %j', (args) => {
    dataDir = makeTempDir();
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', ...args, '--data-dir', dataDir],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr.trim().length).toBeGreaterThan(0);
  });
});
