import type { Session } from 'electron';
import { WEB_UI_CSP } from '../http/web-ui.ts';

/**
 * The Content-Security-Policy of the app's pages in the desktop window: the web UI's own policy
 * (http/web-ui.ts), so the window and a browser run the page under the same rules. Scripts and
 * connections only from the app (no inline script, no eval), no plugins, no framing by others,
 * forms and `<base>` locked. The session enforces it on every response of the app's origin,
 * whatever the server sent.
 */
export function contentSecurityPolicy(): string {
  return WEB_UI_CSP;
}

/** Response headers with the policy set, whatever the server sent (any letter case). */
export function withCsp(
  headers: Record<string, string[]> | undefined,
  policy: string = contentSecurityPolicy(),
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  }
  out['Content-Security-Policy'] = [policy];
  return out;
}

/**
 * Adds the policy to every response from the app's origin, and refuses every permission a page
 * may ask for except writing to the clipboard from the app itself.
 */
export function installSessionSecurity(
  session: Pick<
    Session,
    'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
  >,
  isAppUrl: (url: string) => boolean,
): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({});
      return;
    }
    callback({ responseHeaders: withCsp(details.responseHeaders) });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permission === 'clipboard-sanitized-write' && isAppUrl(details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return permission === 'clipboard-sanitized-write' && isAppUrl(requestingOrigin);
  });
}
