import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogSink } from '../../src-main/core/logger.ts';
import type { ParseJob } from '../../src-main/mail/parse/parse-pool.ts';
import type { Mail } from '../../src-shared/mail/schemas.ts';
import { deferred, type Deferred } from '../helpers/deferred.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import { WsClient } from '../helpers/ws-client.ts';

/** 100,000 nested `<div><span>` (1.1 MB): 13 s of htmlparser2 before the render budget. */
const nested = (tail: string): string =>
  `<html><body>${'<div><span>'.repeat(100_000)}${tail}</body></html>`;

const isEmail = (x: { type: string }): boolean => x.type === 'email';

/** Log lines of the app (its loggers are quiet, but sinks see every line). */
function collectLog(): { lines: string[]; stop: () => void } {
  const lines: string[] = [];
  return { lines, stop: addLogSink((line) => lines.push(line)) };
}

describe('hostile HTML: the renderer stops at its budget and the code is still found', () => {
  let m: MailTestApp;
  const log = collectLog();
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(async () => {
    log.stop();
    await m.close();
  });

  const budgetLines = (): string[] => log.lines.filter((l) => l.includes('depth budget'));

  it('with a text part: the code comes from it, and the HTML rendering hit the depth budget', async () => {
    const { email } = await m.generate();
    const before = budgetLines().length;
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'Sign in to Example',
      text: 'Your verification code is 482913.',
      html: nested('<p>Welcome back</p>'),
    });
    const [mail] = await m.mails(email, '?wait=25');
    expect(mail?.code).toBe('482913');
    // Deterministic evidence the parse was bounded: the worker reported the cut.
    expect(budgetLines().length).toBe(before + 1);
  });

  it('HTML only: the code past the nesting is read from the stripped text', async () => {
    const { email } = await m.generate();
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'Sign in to Example',
      html: nested('<p>Your verification code is 615243.</p>'),
    });
    const [mail] = await m.mails(email, '?wait=25');
    expect(mail?.code).toBe('615243');
    // The text of an HTML-only mail: what was rendered (nothing), then the stripped rest.
    expect(mail?.text).toBe('Your verification code is 615243.');
  });

  it('restarted after hostile mail, the app starts, keeps it and serves new mail', async () => {
    const { email } = await m.generate();
    await sendMail(m.smtpPort, {
      to: email,
      subject: 'hostile before restart',
      html: nested('<p>Your verification code is 771904.</p>'),
    });
    await m.t.restart();
    await sendMail(m.smtpPort, { to: email, subject: 'after', text: 'Your code is 552211.' });
    const mails = await m.mails(email, '?wait=25');
    const codes = mails.map((x) => x.code).sort();
    expect(codes).toEqual(['552211', '771904']);
  });
});

describe('hostile HTML: a watched mailbox is served ahead of a backlog of it', () => {
  let m: MailTestApp;
  /** Hostile jobs are held in their worker until `release`; `held` says the first one is. */
  let gate: { held: Deferred; release: Deferred };
  const hostile = (job: ParseJob): boolean =>
    job.kind === 'analyze' &&
    Buffer.from(job.raw.subarray(0, 4096)).toString('latin1').includes('hostile-backlog');

  beforeAll(async () => {
    gate = { held: deferred(), release: deferred() };
    m = await startMailTestApp({
      mail: {
        // One backlog worker: the hostile mail in it leaves no room for anything else.
        parseWorkers: 1,
        parseHooks: {
          beforeSend: (job) => {
            if (!hostile(job)) return undefined;
            gate.held.resolve();
            return gate.release.promise;
          },
        },
      },
    });
  });
  afterAll(async () => {
    gate.release.resolve();
    await m.close();
  });

  /** Three hostile mails to another mailbox, the first of them held in the only worker. */
  async function hostileBacklog(): Promise<string> {
    gate = { held: deferred(), release: deferred() };
    const { email } = await m.generate();
    for (let i = 0; i < 3; i++) {
      await sendMail(m.smtpPort, {
        to: email,
        subject: `hostile-backlog ${i}`,
        html: nested(`<p>Your verification code is 90817${i}.</p>`),
      });
    }
    await gate.held.promise;
    return email;
  }

  async function backlogListed(email: string): Promise<Mail[]> {
    gate.release.resolve();
    const mails = await m.mails(email, '?wait=25&limit=10');
    expect(mails.map((x) => x.code).sort()).toEqual(['908170', '908171', '908172']);
    return mails;
  }

  it('a WebSocket watcher gets its code while the hostile backlog is still being parsed', async () => {
    const hostileEmail = await hostileBacklog();
    const { email } = await m.generate();
    const url = `${m.t.app.httpUrl.replace('http', 'ws')}/ws/${encodeURIComponent(email)}?api_key=${m.key}`;
    const ws = await WsClient.connect(url);
    try {
      await ws.waitFor((x) => x.type === 'connected');
      await sendMail(m.smtpPort, { to: email, subject: 'Your code', text: 'Your code is 271828.' });
      const [frame] = await ws.waitFor(isEmail, 1, 20_000);
      expect(frame).toMatchObject({ type: 'email', data: { code: '271828' } });
      // Pushed while every hostile mail is still unparsed: ahead of the backlog.
      expect(m.t.app.mail.parsing.backlog()).toBeGreaterThanOrEqual(3);
    } finally {
      ws.close();
    }
    await backlogListed(hostileEmail);
  });

  it('a ?wait= long poll gets its mail while the hostile backlog is still being parsed', async () => {
    const hostileEmail = await hostileBacklog();
    const { email } = await m.generate();
    const poll = m.mails(email, '?wait=25');
    // The long poll is waiting (subscribed) before the mail comes: bounded, no fixed sleep.
    for (let i = 0; i < 500 && m.t.app.mail.hub.listenerCount(email) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(m.t.app.mail.hub.listenerCount(email)).toBe(1);
    await sendMail(m.smtpPort, { to: email, subject: 'Your code', text: 'Your code is 314159.' });
    const [mail] = await poll;
    expect(mail?.code).toBe('314159');
    expect(m.t.app.mail.parsing.backlog()).toBeGreaterThanOrEqual(3);
    await backlogListed(hostileEmail);
  });
});
