import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '../../src-shared/mail/sources.ts';
import { Dovecot, hasDovecot } from '../helpers/dovecot.ts';
import type { MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';
import {
  addSource,
  append,
  flagsOf,
  json,
  message,
  sources,
  startSourceApp,
  waitForMails,
  waitForSource,
} from '../helpers/source-app.ts';

describe.skipIf(!hasDovecot)('mail sources: a real Dovecot over IMAP', () => {
  let dovecot: Dovecot;
  let m: MailTestApp;
  let imap: ImapFlow;
  let source: Source;
  beforeAll(async () => {
    dovecot = await Dovecot.start();
    imap = await dovecot.client();
    // Old mail in the mailbox before the source is added: never taken.
    await append(imap, message({ To: 'old@plus.test', 'Message-ID': '<old@x>' }));
    m = await startSourceApp(dovecot);
    const patch = await m.api('/api/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domains: ['me@plus.test', 'catch.test'] }),
    });
    expect(patch.status).toBe(200);
    source = await addSource(m, dovecot);
    await waitForSource(m, source.id, (s) => s.state === 'idle');
  });
  afterAll(async () => {
    await imap?.logout().catch(() => undefined);
    await m?.close();
    await dovecot?.close();
  });

  const leaseOn = async (domain: string): Promise<string> => {
    for (let i = 0; i < 50; i++) {
      const { email } = await m.generate();
      if (email.endsWith(`@${domain}`)) return email;
    }
    throw new Error(`no lease on ${domain}`);
  };

  it('POST answers the source without its password; GET lists it', async () => {
    expect(source).toMatchObject({
      kind: 'imap',
      host: '127.0.0.1',
      port: dovecot.port,
      tls: 'none',
      username: dovecot.user,
      mailbox: 'INBOX',
      after_ingest: 'keep',
      taken: 0,
      last_mail_at: null,
    });
    expect(JSON.stringify(await sources(m))).not.toContain(dovecot.password);
    expect(Object.keys(source)).not.toContain('password');
  });

  it('a plus-addressed lease gets its code over IDLE; the message stays as it was', async () => {
    const lease = await leaseOn('plus.test');
    const uid = await append(
      imap,
      message(
        { To: 'someone@else.test', 'Delivered-To': lease, 'Message-ID': '<code-1@x>' },
        'Your verification code is 482913.',
      ),
    );
    const [mail] = await waitForMails(m, lease, 1);
    expect(mail).toMatchObject({ email: lease, code: '482913' });
    expect(await flagsOf(imap, uid)).toEqual([]);
    const after = await waitForSource(m, source.id, (s) => s.taken >= 1);
    expect(after.last_mail_at).not.toBeNull();
    // The mail before the source was added was not taken.
    expect((await m.mails('old@plus.test').catch(() => [])).length).toBe(0);
  });

  it('a catch-all lease found in To; one message for two leases goes to both', async () => {
    const a = await leaseOn('catch.test');
    const b = await leaseOn('catch.test');
    await append(imap, message({ To: `${a}, x@y.test`, Cc: b, 'Message-ID': '<two@x>' }));
    expect((await waitForMails(m, a, 1)).map((x) => x.subject)).toEqual(['test']);
    expect((await waitForMails(m, b, 1)).map((x) => x.subject)).toEqual(['test']);
  });

  it('unmatched mail is left untouched (no flag), and later mail still arrives', async () => {
    const unmatched = await append(imap, message({ To: 'stranger@nowhere.test' }), ['\\Flagged']);
    const lease = await leaseOn('catch.test');
    await append(imap, message({ To: lease, Subject: 'after' }));
    expect((await waitForMails(m, lease, 1))[0]?.subject).toBe('after');
    expect(await flagsOf(imap, unmatched)).toEqual(['\\Flagged']);
  });

  it('the same Message-ID by SMTP first is not stored again from IMAP', async () => {
    const lease = await leaseOn('catch.test');
    await sendMail(m.smtpPort, {
      to: lease,
      subject: 'by smtp',
      text: 'x',
      messageId: '<both-ways@x>',
    });
    await append(imap, message({ To: lease, Subject: 'by imap', 'Message-ID': '<both-ways@x>' }));
    const marker = await append(imap, message({ To: lease, Subject: 'marker' }));
    expect(marker).toBeGreaterThan(0);
    const mails = await waitForMails(m, lease, 2);
    expect(mails.map((x) => x.subject)).toEqual(['by smtp', 'marker']);
  });

  it('after_ingest seen marks the taken message read; delete removes it', async () => {
    const seen = await json<Source>(
      await m.api(`/api/sources/${source.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ after_ingest: 'seen' }),
      }),
      200,
    );
    expect(seen.after_ingest).toBe('seen');
    await waitForSource(m, source.id, (s) => s.state === 'idle');
    const lease = await leaseOn('catch.test');
    const uid = await append(imap, message({ To: lease, Subject: 'to be seen' }));
    await waitForMails(m, lease, 1);
    await expect.poll(() => flagsOf(imap, uid)).toEqual(['\\Seen']);

    await m.api(`/api/sources/${source.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ after_ingest: 'delete' }),
    });
    await waitForSource(m, source.id, (s) => s.state === 'idle' && s.after_ingest === 'delete');
    const gone = await append(imap, message({ To: lease, Subject: 'to be deleted' }));
    await waitForMails(m, lease, 2);
    await expect.poll(() => flagsOf(imap, gone)).toBeNull();
  });

  it('a server restart in the middle: the source reconnects and takes what came meanwhile', async () => {
    const lease = await leaseOn('catch.test');
    await dovecot.stop();
    await waitForSource(m, source.id, (s) => s.state === 'error' || s.state === 'connecting');
    await dovecot.restart();
    const client = await dovecot.client();
    try {
      await append(client, message({ To: lease, Subject: 'while away' }));
    } finally {
      await client.logout();
    }
    expect((await waitForMails(m, lease, 1))[0]?.subject).toBe('while away');
    await waitForSource(m, source.id, (s) => s.state === 'idle');
    imap = await dovecot.client();
  });
});
