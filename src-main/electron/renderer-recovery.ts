/** How long after a recovery another failure counts as "it failed again". */
export const RECOVERY_WINDOW_MS = 60_000;

export interface RecoveryActions {
  reload(): void;
  showErrorPage(reason: string): void;
}

/**
 * What to do when the window's page crashed or did not load: reload it once; if it fails again
 * within a minute, show the error page (a Retry link reloads the app). A failure long after
 * the last one gets a reload again.
 */
export function rendererRecovery(
  actions: RecoveryActions,
  now: () => number,
): { failed(reason: string): 'reload' | 'error-page' } {
  let lastReload = Number.NEGATIVE_INFINITY;
  return {
    failed(reason) {
      const at = now();
      if (at - lastReload < RECOVERY_WINDOW_MS) {
        actions.showErrorPage(reason);
        return 'error-page';
      }
      lastReload = at;
      actions.reload();
      return 'reload';
    },
  };
}

/**
 * The error page, as a data: URL (it must show even when the app's files are what failed). No
 * script: Retry is a link to the app, which the navigation lock lets through.
 */
export function errorPageUrl(appUrl: string, reason: string, dark: boolean): string {
  const [bg, fg, accent] = dark
    ? ['#131416', '#ececec', '#7aa2ff']
    : ['#f6f6f3', '#1d1d1f', '#2456d6'];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Ephemera</title><style>body{font:15px/1.55 system-ui,sans-serif;background:${bg};color:${fg};max-width:34rem;margin:18vh auto;padding:0 1.5rem}
a{display:inline-block;margin-top:1rem;padding:.5rem 1.1rem;border-radius:8px;background:${accent};color:#fff;text-decoration:none}
code{opacity:.75;font-size:13px}</style></head><body>
<h1>Ephemera's window stopped working</h1>
<p>The services are still running. Try again; if this keeps happening, Help → Open Logs Folder has the details.</p>
<p><code>${escapeHtml(reason)}</code></p>
<a href="${escapeHtml(appUrl)}">Retry</a>
</body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
