import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '../../src-shared/mail/sources.ts';
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
  let source: Source;
  beforeAll(async () => {
    dovecot = await Dovecot.start({ noIdle: true });
    m = await startMailTestApp({
      mail: { sources: { timing: { backoffMs: [100], pollMs: 300, connectMs: 5_000 } } },
    });
    source = await addSource(m, dovecot);
    await waitForSource(m, source.id, (s) => s.state === 'idle');
  });
  afterAll(async () => {
    await m?.close();
    await dovecot?.close();
  });

  it('the test reports no IDLE, and new mail still arrives by polling', async () => {
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
