import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../src-main/core/app-error.ts';
import { plainSecretBox } from '../../../../src-main/mail/sources/secret-box.ts';
import { planPatch } from '../../../../src-main/mail/sources/source-patch.ts';
import type { SourceRecord } from '../../../../src-main/mail/sources/source-store.ts';

const oauth = {
  flow: 'device' as const,
  client_id: 'c',
  token_endpoint: 'https://login.example/token',
  device_authorization_endpoint: 'https://login.example/devicecode',
  scopes: ['offline_access', 'imap'],
};

const record = (over: Partial<SourceRecord> = {}): SourceRecord => ({
  id: 'src_t',
  kind: 'imap',
  host: 'imap.example.com',
  port: 993,
  tls: 'implicit',
  username: 'me@example.com',
  secret: plainSecretBox.seal('rt_refresh'),
  secretFormat: plainSecretBox.format,
  mailbox: 'INBOX',
  afterIngest: 'keep',
  sinceMs: 0,
  uidValidity: '1',
  lastUid: 7,
  stoppedError: null,
  lastMailAt: null,
  taken: 0,
  createdAt: 0,
  oauth: JSON.stringify(oauth),
  ...over,
});

const plan = (old: SourceRecord, body: unknown) => planPatch(old, body, plainSecretBox, {});

describe('what a PATCH does to a source (source-patch.ts)', () => {
  it('the same oauth description, in another order, keeps the tokens', () => {
    const old = record();
    const reordered = Object.fromEntries(Object.entries(oauth).reverse());
    const p = plan(old, { oauth: { ...reordered, scopes: ['imap', 'offline_access'] } });
    expect(p.forget).toBe(false);
    expect(p.settings(old).secret).toEqual(old.secret);
  });

  it('another client id, scope or endpoint forgets the tokens and stores the new description', () => {
    const old = record();
    for (const change of [
      { client_id: 'd' },
      { scopes: ['imap'] },
      { token_endpoint: 'https://other.example/token' },
      { revocation_endpoint: 'https://login.example/revoke' },
    ]) {
      const p = plan(old, { oauth: { ...oauth, ...change } });
      expect(p.forget).toBe(true);
      const settings = p.settings(old);
      expect(settings.secret.length).toBe(0);
      expect(JSON.parse(settings.oauth ?? 'null')).toMatchObject(change);
    }
  });

  it('the tokens stored last are the ones kept (a refresh may have rotated them meanwhile)', () => {
    const rotated = record({ secret: plainSecretBox.seal('rt_rotated') });
    const p = plan(record(), { after_ingest: 'seen' });
    expect(p.forget).toBe(false);
    expect(p.settings(rotated).secret).toEqual(rotated.secret);
  });

  it('refuses a switch between password and OAuth, either way', () => {
    const reason = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as AppError).extra.reason;
      }
      return 'accepted';
    };
    expect(reason(() => plan(record(), { password: 'x' }))).toBe('source_password_invalid');
    const password = record({ oauth: null });
    expect(reason(() => plan(password, { oauth }))).toBe('source_oauth_invalid');
  });
});
