/**
 * Where the desktop window's UI lives: `app://ephemera/`, a scheme only this process serves
 * (protocol.ts). The window's trust (IPC sender check, navigation lock, permissions) rests on
 * it rather than on http://127.0.0.1:<port>, which any local program could serve first.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'ephemera';
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/`;

/**
 * Privileges of the scheme (protocol.registerSchemesAsPrivileged, before `ready`): standard
 * (relative URLs, its own origin and storage), secure (a secure context, so the clipboard API
 * works), fetch allowed for the bundled assets.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
} as const;

/**
 * True for a URL of the app's own pages. Compares scheme and host, not `URL.origin`: for a
 * scheme Node's URL does not know, `origin` is the string "null" for every URL, which would
 * make `evil://x` look like the app.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.host === APP_HOST &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}
