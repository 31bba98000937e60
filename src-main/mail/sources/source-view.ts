import type { Source, SourceState } from '../../../src-shared/mail/sources.ts';
import { parseStoredOAuth } from './oauth/oauth-config.ts';
import type { SourceRecord } from './source-store.ts';

export interface SourceStatus {
  state: SourceState;
  error: string | null;
}

/** An OAuth source without a refresh token: it cannot connect until the user signs in. */
export function signedOut(record: SourceRecord): boolean {
  return record.oauth !== null && record.secret.length === 0;
}

/** A source as answered: never its password, tokens or client secret. */
export function sourceView(record: SourceRecord, status: SourceStatus | undefined): Source {
  const shown = status ?? {
    state: record.stoppedError || signedOut(record) ? 'error' : 'connecting',
    error: record.stoppedError,
  };
  const oauth = parseStoredOAuth(record.oauth);
  return {
    id: record.id,
    kind: 'imap',
    host: record.host,
    port: record.port,
    tls: record.tls,
    username: record.username,
    mailbox: record.mailbox,
    after_ingest: record.afterIngest,
    state: shown.state,
    last_error: shown.error,
    last_mail_at: record.lastMailAt === null ? null : new Date(record.lastMailAt).toISOString(),
    taken: record.taken,
    auth: oauth ? 'oauth' : 'password',
    oauth: oauth && {
      flow: oauth.flow,
      client_id: oauth.client_id,
      token_endpoint: oauth.token_endpoint,
      device_authorization_endpoint: oauth.device_authorization_endpoint ?? null,
      authorization_endpoint: oauth.authorization_endpoint ?? null,
      revocation_endpoint: oauth.revocation_endpoint ?? null,
      scopes: oauth.scopes,
    },
    needs_sign_in: signedOut(record) && shown.state !== 'authorizing',
  };
}
