import type { ConnectionOptions } from 'node:tls';
import type { SourceTestResult } from '../../../src-shared/mail/sources.ts';
import { loadImapFlow } from './imap-client.ts';
import { describeFailure } from './imap-errors.ts';
import { imapOptions, type ImapTiming } from './imap-options.ts';
import type { ImapCredential } from './source-auth.ts';
import type { SourceRecord } from './source-store.ts';

/** POST /api/sources/{id}/test: connect, log in, open the mailbox read-only, say what happened. */
export async function probeSource(
  record: SourceRecord,
  credential: ImapCredential,
  timing: ImapTiming,
  tls: ConnectionOptions | undefined,
): Promise<SourceTestResult> {
  const short = { ...timing, connectMs: Math.min(timing.connectMs, 15_000) };
  const Client = await loadImapFlow();
  const client = new Client({
    ...imapOptions(record, credential, short, tls),
    disableAutoIdle: true,
  });
  client.on('error', () => undefined);
  let step: 'connect' | 'login' | 'mailbox' = 'connect';
  try {
    await client.connect();
    step = 'mailbox';
    try {
      const opened = await client.mailboxOpen(record.mailbox, { readOnly: true });
      return {
        ok: true,
        step: null,
        error: null,
        messages: opened.exists,
        idle: client.capabilities.has('IDLE'),
      };
    } catch {
      return failedTest(
        'mailbox',
        `mailbox missing: "${record.mailbox}" does not exist on the server`,
      );
    }
  } catch (err) {
    const failure = describeFailure(err);
    const authFailed = (err as { authenticationFailed?: boolean }).authenticationFailed === true;
    return failedTest(authFailed ? 'login' : step, failure.text);
  } finally {
    client.close();
  }
}

export function failedTest(step: 'connect' | 'login' | 'mailbox', error: string): SourceTestResult {
  return { ok: false, step, error, messages: null, idle: null };
}
