import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dovecot, hasDovecot } from '../helpers/dovecot.ts';
import type { MailTestApp } from '../helpers/mail-app.ts';
import { startMailTestApp } from '../helpers/mail-app.ts';
import {
  addSource,
  append,
  json,
  message,
  waitForMails,
  waitForSource,
} from '../helpers/source-app.ts';
import type { SourceTestResult } from '../../src-shared/mail/sources.ts';

describe.skipIf(!hasDovecot)('mail sources: a server without IDLE is polled', () => {
  let dovecot: Dovecot;
  let m: MailTestApp;
  beforeAll(async () => {
    dovecot = await Dovecot.start({ noIdle: true });
    m = await startMailTestApp({
      mail: { sources: { timing: { backoffMs: [100], pollMs: 300, connectMs: 5_000 } } },
    });
  });
  afterAll(async () => {
    await m?.close();
    await dovecot?.close();
  });

  it('since_hours 24: a new source also takes the last day, by arrival time, and nothing older', async () => {
    const { email } = await m.generate();
    const imap = await dovecot.client();
    try {
      const hour = 3_600_000;
      await imap.append(
        'INBOX',
        message({ To: email, Subject: 'old' }),
        [],
        new Date(Date.now() - 30 * hour),
      );
      await imap.append(
        'INBOX',
        message({ To: email, Subject: 'recent' }),
        [],
        new Date(Date.now() - hour),
      );
    } finally {
      await imap.logout();
    }
    const recent = await addSource(m, dovecot, { since_hours: 24 });
    await waitForSource(m, recent.id, (s) => s.taken === 1);
    expect((await waitForMails(m, email, 1)).map((x) => x.subject)).toEqual(['recent']);
    expect((await m.mails(email)).map((x) => x.subject)).toEqual(['recent']);
    expect((await m.api(`/api/sources/${recent.id}`, { method: 'DELETE' })).status).toBe(204);
  });
  it('the test reports no IDLE, and new mail still arrives by polling', async () => {
    const source = await addSource(m, dovecot);
    await waitForSource(m, source.id, (s) => s.state === 'idle');
    const tested = await json<SourceTestResult>(
      await m.api(`/api/sources/${source.id}/test`, { method: 'POST' }),
      200,
    );
    expect(tested).toMatchObject({ ok: true, idle: false });
    const { email } = await m.generate();
    const imap = await dovecot.client();
    try {
      await append(imap, message({ To: email }, 'code 551234'));
    } finally {
      await imap.logout();
    }
    expect((await waitForMails(m, email, 1)).map((x) => x.code)).toEqual(['551234']);
  });
});
