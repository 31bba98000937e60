import type { Session } from 'electron';
import { contentSecurityPolicy } from '../../src-shared/web/csp.ts';

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
 * What the app's own pages may have: reading the clipboard (the Paste button), writing to it
 * (Copy), fullscreen (the video player's button), and loading from this computer's loopback
 * server (previews and covers come from http://127.0.0.1:<port>; Chromium's Local Network
 * Access asks for `loopback-network` / `local-network-access` when a page that is not itself
 * on loopback, such as app://ephemera, loads from it). Everything else (camera, microphone,
 * location, notifications, MIDI, HID, serial, pointer lock, openExternal …) is refused, and
 * so is every permission asked by anything that is not the app (a mail's frame, a page that
 * got in somehow).
 */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set([
  'clipboard-read',
  'clipboard-sanitized-write',
  'fullscreen',
  'loopback-network',
  'local-network-access',
]);

/**
 * Sets the policy on every response of the app's pages, and answers permission requests and
 * checks with GRANTED_PERMISSIONS for the app's own top-level pages only.
 */
export function installSessionSecurity(
  session: Pick<
    Session,
    'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'
  >,
  isAppUrl: (url: string) => boolean,
  policy: () => string = () => contentSecurityPolicy(),
): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({});
      return;
    }
    callback({ responseHeaders: withCsp(details.responseHeaders, policy()) });
  });
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(
      GRANTED_PERMISSIONS.has(permission) && details.isMainFrame && isAppUrl(details.requestingUrl),
    );
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    const frameOk = details.isMainFrame !== false;
    return GRANTED_PERMISSIONS.has(permission) && frameOk && isAppUrl(requestingOrigin);
  });
}
