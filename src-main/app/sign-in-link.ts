import type { MailServices } from '../mail/mail-services.ts';

/**
 * A one-time sign-in link for a browser on this computer (mail/access/sign-in-codes.ts): printed at a
 * headless start and by `npm run cli -- sign-in`, opened or copied by the desktop's tray. The
 * code is in the fragment, which the browser never sends; the page exchanges it by POST for a
 * new key, and it dies after one use or 10 minutes, so a terminal log or the browser's history
 * keeps nothing usable for long.
 */
export function signInLink(app: { httpUrl: string; mail: Pick<MailServices, 'signIn'> }): string {
  return signInLinkAt(app.httpUrl, app.mail.signIn.create('sign-in').code);
}

/** The sign-in link of `code` on the server listening at `httpUrl`. */
export function signInLinkAt(httpUrl: string, code: string): string {
  return `${loopbackOrigin(httpUrl)}/#/sign-in?code=${code}`;
}

/** Where this computer reaches a server listening at `httpUrl`. */
export function loopbackOrigin(httpUrl: string): string {
  const base = new URL(httpUrl);
  // Listening on every interface: this computer reaches itself on loopback.
  if (base.hostname === '0.0.0.0' || base.hostname === '[::]') base.hostname = '127.0.0.1';
  return base.origin;
}
