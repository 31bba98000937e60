import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendMail } from '../helpers/smtp-client.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';

/** Short deadlines so no test waits for the real 60 s / 10 min / 1 s ones. */
const TIMEOUTS = { idleMs: 300, sessionMs: 1500, closeMs: 200 };

/**
 * An SMTP connection that writes `lines` once the greeting came, then `drip` every 50 ms (at
 * most 300 times); resolves with what the server said when it closes the connection.
 */
function session(port: number, lines: string[], drip = ''): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    let ticks = 0;
    socket.on('data', (d: Buffer) => {
      const first = text === '';
      text += d.toString('latin1');
      if (!first) return;
      socket.write(lines.map((l) => `${l}\r\n`).join(''));
      timer = setInterval(() => {
        if (++ticks > 300) {
          clearInterval(timer);
          socket.destroy();
          reject(new Error('the server kept the connection for 15 s'));
        } else if (drip) socket.write(drip);
      }, 50);
    });
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ text, ms: Date.now() - started });
    });
  });
}

describe('slow SMTP clients', () => {
  let m: MailTestApp | null = null;
  afterEach(async () => {
    await m?.close();
    m = null;
  });

  async function start(): Promise<MailTestApp> {
    m = await startMailTestApp({ mail: { smtpTimeouts: TIMEOUTS } });
    return m;
  }

  it('a client that goes silent is told 421 and cut off', async () => {
    const app = await start();
    const res = await session(app.smtpPort, ['EHLO slow.example']);
    expect(res.text).toMatch(/\r\n421 .*[Tt]imeout/);
    expect(res.ms).toBeLessThan(TIMEOUTS.sessionMs);
  });

  it('a message trickled a byte at a time is cut off at the session deadline', async () => {
    const app = await start();
    const lease = await app.generate();
    const res = await session(
      app.smtpPort,
      ['EHLO slow.example', 'MAIL FROM:<a@example.org>', `RCPT TO:<${lease.email}>`, 'DATA'],
      'x',
    );
    expect(res.text).toContain('354');
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUTS.sessionMs - 50);
    expect(res.ms).toBeLessThan(TIMEOUTS.sessionMs + 2000);
    expect(await app.mails(lease.email)).toEqual([]);
    // The server still takes mail from everyone else.
    await sendMail(app.smtpPort, { to: lease.email, subject: 'quick', text: 'hi' });
    expect(await app.mails(lease.email)).toHaveLength(1);
  });

  it('a stop does not wait long for an open SMTP session', async () => {
    const app = await start();
    const socket = net.connect(app.smtpPort, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('data', resolve));
    const started = Date.now();
    await app.close();
    m = null;
    expect(Date.now() - started).toBeLessThan(TIMEOUTS.closeMs + 1000);
    socket.destroy();
  });
});
