import type { EphemeraApi } from '../api/client.ts';

/**
 * Registers /sw.js, which lets a phone install the UI and open its shell offline. Only in a
 * browser (the desktop window talks IPC and loads its files locally) and only in a secure
 * context: browsers allow service workers on https and on localhost, not on a plain
 * http://192.168.x.y address (docs/phone.md). A failure changes nothing while online.
 */
export function registerServiceWorker(transport: EphemeraApi['transport']): void {
  if (transport !== 'http' || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No worker (e.g. the dev server has no /sw.js): the app works as before, online only.
  });
}
