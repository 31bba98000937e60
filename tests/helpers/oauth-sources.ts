import { expect } from 'vitest';
import { Dovecot } from './dovecot.ts';
import { OAuthServer } from './oauth-server.ts';

/** Polls `ok` (bounded: about 10 s); no fixed sleeps. */
export async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never: ${what}`);
}

/** The test authorization server (device polls every second) and Dovecot asking it. */
export async function startOAuthDovecot(): Promise<{ oauth: OAuthServer; dovecot: Dovecot }> {
  const oauth = await OAuthServer.start({ username: 'user@test.local', interval: 1 });
  const dovecot = await Dovecot.start({ oauth2: { introspectionUrl: oauth.introspectionUrl } });
  return { oauth, dovecot };
}

/** None of the tokens the server handed out is in the answers or the log lines. */
export function expectNoToken(oauth: OAuthServer, answers: string, logged: string): void {
  expect(oauth.issued.length).toBeGreaterThan(5);
  for (const token of oauth.issued) {
    expect(answers).not.toContain(token);
    expect(logged).not.toContain(token);
  }
}
