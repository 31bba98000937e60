import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lease } from '../../src-shared/mail/schemas.ts';
import { startMailTestApp, type MailTestApp } from '../helpers/mail-app.ts';
import { sendMail } from '../helpers/smtp-client.ts';

describe('plus addressing: a mailbox in the domain pool', () => {
  let m: MailTestApp;
  beforeAll(async () => {
    m = await startMailTestApp();
  });
  afterAll(() => m.close());

  const patchDomains = (domains: string[]) =>
    m.api('/api/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domains }),
    });

  it('PATCH /api/settings takes me@domain; generate then gives me+<random>@domain', async () => {
    const res = await patchDomains(['Me@Plus.Test']);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { domains: string[] }).domains).toEqual(['me@plus.test']);
    const lease: Lease = await m.generate();
    expect(lease.email).toMatch(/^me\+[a-z0-9]{10}@plus\.test$/);
    expect(lease.domain).toBe('plus.test');
  });

  it('a mailbox with a + is refused 400 domain_invalid', async () => {
    const res = await patchDomains(['me+x@plus.test']);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: 'domain_invalid' });
  });

  it('the plus lease receives its code, also when tagged once more; the bare mailbox is 550', async () => {
    expect((await patchDomains(['me@plus.test'])).status).toBe(200);
    const { email } = await m.generate();
    const info = await sendMail(m.smtpPort, {
      to: email,
      subject: 'Your code',
      text: 'Your verification code is 482913.',
    });
    expect(info.response).toMatch(/^250 /);
    const tagged = email.replace('@', '+news@');
    await sendMail(m.smtpPort, { to: tagged, subject: 'tagged', text: 'hello' });
    const mails = await m.mails(email);
    expect(mails.map((x) => [x.email, x.code])).toEqual([
      [email, '482913'],
      [email, null],
    ]);
    await expect(
      sendMail(m.smtpPort, { to: 'me@plus.test', subject: 'x', text: 'x' }),
    ).rejects.toThrow(/550/);
    expect(
      (await m.api(`/api/mailboxes/${encodeURIComponent(email)}/extend`, { method: 'POST' }))
        .status,
    ).toBe(200);
  });
});
