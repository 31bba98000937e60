import { api } from '../../api/client.ts';

/**
 * Opens a mail's link outside the app: in the desktop app through IPC to the system browser
 * (main calls shell.openExternal for http(s) only); in a browser in a new tab without access to
 * this page (`noopener,noreferrer`). The app itself never fetches it.
 */
export async function openMailLink(url: string): Promise<void> {
  const desktop = api().desktop;
  if (desktop) {
    await desktop.openLink(url);
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
