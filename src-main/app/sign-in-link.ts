import type { RunningApp } from './compose.ts';

/**
 * A one-time sign-in link for a browser on this computer (mail/sign-in-codes.ts): printed at a
 * headless start, opened by the desktop's "Open in browser". The code is in the fragment, which
 * the browser never sends; the page exchanges it by POST for a new key, and it dies after one
 * use or 10 minutes, so a terminal log or the browser's history keeps nothing usable for long.
 */
export function signInLink(app: Pick<RunningApp, 'httpUrl' | 'mail'>): string {
  const { code } = app.mail.signIn.create('sign-in');
  const base = new URL(app.httpUrl);
  // Listening on every interface: this computer reaches itself on loopback.
  if (base.hostname === '0.0.0.0' || base.hostname === '[::]') base.hostname = '127.0.0.1';
  return `${base.origin}/#/sign-in?code=${code}`;
}
