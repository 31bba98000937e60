/**
 * The web UI's Content-Security-Policy, one builder for the HTTP server (src-main/http/web-ui.ts)
 * and the desktop window (src-main/electron/csp.ts), so a browser and the window run the page
 * under the same rules. Scripts and connections stay on the page's origin; images may come from
 * anywhere only because a mail's "Load images" needs it (its sandboxed frame has its own
 * stricter policy until the person asks). Mail HTML needs inline styles. The service worker
 * (/sw.js) and the install manifest come from this origin too.
 */
const WEB_UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The policy, with one addition for the desktop window (app://ephemera/): video previews play
 * from the local server (`mediaOrigin`, http://127.0.0.1:<port>), which is not the page's
 * origin there. Covers are images, which the policy already allows from http.
 */
export function contentSecurityPolicy(mediaOrigin: string | null = null): string {
  if (mediaOrigin === null) return WEB_UI_CSP;
  return WEB_UI_CSP.split('; ')
    .map((directive) =>
      directive.startsWith('media-src ') ? `${directive} ${mediaOrigin}` : directive,
    )
    .join('; ');
}
