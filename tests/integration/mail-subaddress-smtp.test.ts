import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxOf } from '../../src-shared/mail/address.ts';
import { deliveryTargets } from '../../src-main/mail/access/address.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { RawSmtp, sendMail } from '../helpers/smtp-client.ts';

describe('sub-addressing and SMTP details', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  it('mailboxOf drops +tag; deliveryTargets makes one copy per mailbox', () => {
    expect(mailboxOf('abc+shop@d.test')).toBe('abc@d.test');
    expect(mailboxOf('abc+a+b@d.test')).toBe('abc@d.test');
    expect(mailboxOf('abc+@d.test')).toBe('abc@d.test');
    expect(mailboxOf('abc@d.test')).toBe('abc@d.test');
    expect(mailboxOf('+abc@d.test')).toBe('+abc@d.test');
    expect(deliveryTargets(['a+x@d.test', 'b@d.test', 'a+y@d.test'])).toEqual([
      { mailbox: 'a@d.test', recipients: ['a+x@d.test', 'a+y@d.test'] },
      { mailbox: 'b@d.test', recipients: ['b@d.test'] },
    ]);
  });

  it('name+anything@domain is accepted and stored in name@domain, its `to` keeping the tag', async () => {
    const { email } = await m.generate();
    const [local, domain] = email.split('@');
    const tagged = `${local}+Shop.News@${domain}`;
    const info = await sendMail(m.smtpPort, { to: tagged, subject: 'tagged', text: 'hi' });
    expect(info.response).toMatch(/^250 /);
    const [stored] = await m.mails(email);
    expect(stored?.email).toBe(email);
    expect(stored?.to).toEqual([tagged]); // from the To header, as written
    // The tagged address is not a mailbox of its own.
    expect((await m.api(`/api/emails/${encodeURIComponent(tagged)}`)).status).toBe(404);
  });

  it('two tags of one mailbox in one transaction make one copy; unleased names stay 550', async () => {
    const { email } = await m.generate();
    const [local, domain] = email.split('@');
    const session = await RawSmtp.connect(m.smtpPort);
    expect(await session.command('EHLO test')).toMatch(/^250 /);
    expect(await session.command('MAIL FROM:<s@example.org>')).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<${local}+a@${domain}>`)).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<${local}+b@${domain}>`)).toMatch(/^250 /);
    expect(await session.command(`RCPT TO:<nobody+${local}@${domain}>`)).toBe(
      '550 5.1.1 No such mailbox here',
    );
    expect(await session.command(`RCPT TO:<+${local}@${domain}>`)).toMatch(/^550 5\.1\.1 /);
    expect(await session.command('DATA')).toMatch(/^354 /);
    expect(await session.command('Subject: two tags\r\n\r\nbody\r\n.')).toMatch(
      /^250 2\.6\.0 OK: message stored/,
    );
    session.close();
    const mails = await m.mails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([`${local}+a@${domain}`, `${local}+b@${domain}`]);
  });

  it('EHLO advertises ENHANCEDSTATUSCODES, and each reply carries one code', async () => {
    expect(await ehloLines(m.smtpPort)).toContain('250-ENHANCEDSTATUSCODES');
    const session = await RawSmtp.connect(m.smtpPort);
    await session.command('EHLO test');
    session.write('NOOP\r\n');
    expect((await session.replies(1))[0]).toMatch(/^250 2\.0\.0 /);
    expect(await session.command('RCPT TO:<a@b.test>')).toMatch(/^503 5\.5\.1 /);
    expect(await session.command('MAIL FROM:<s@example.org>')).toMatch(/^250 2\.1\.0 /);
    // Ours: the code is not doubled.
    expect(await session.command('RCPT TO:<ghost@ephemera.localhost>')).toBe(
      '550 5.1.1 No such mailbox here',
    );
    session.close();
  });

  it('dot-stuffing: lines sent as "..hello" are stored as ".hello"; a lone "." still ends DATA', async () => {
    const { email } = await m.generate();
    const session = await RawSmtp.connect(m.smtpPort);
    await session.command('EHLO test');
    await session.command('MAIL FROM:<s@example.org>');
    expect(await session.command(`RCPT TO:<${email}>`)).toMatch(/^250 /);
    expect(await session.command('DATA')).toMatch(/^354 /);
    session.write('Subject: dots\r\nContent-Type: text/plain\r\n\r\n');
    session.write('..hello\r\nmiddle\r\n...two\r\n..\r\nend.\r\n.\r\n');
    expect((await session.replies(1))[0]).toMatch(/^250 /);
    session.close();
    const [stored] = await m.mails(email);
    expect(stored?.text?.replace(/\r\n/g, '\n')).toBe('.hello\nmiddle\n..two\n.\nend.\n');
  });
});

/** Every line of the EHLO reply (RawSmtp folds multi-line replies into their last line). */
async function ehloLines(port: number): Promise<string[]> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let text = '';
  socket.on('data', (data: Buffer) => {
    text += data.toString('latin1');
    if (text.startsWith('220') && !text.includes('EHLO-SENT') && text.endsWith('\r\n')) {
      text += 'EHLO-SENT\r\n';
      socket.write('EHLO test\r\n');
    }
    if (/\r\n250 [^\r]*\r\n$/.test(text)) socket.end();
  });
  await new Promise((resolve, reject) => {
    socket.once('close', resolve);
    socket.once('error', reject);
  });
  return text.split('\r\n');
}
