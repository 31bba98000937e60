import { useSyncExternalStore } from 'react';
import type { Mail } from '../../api/client.ts';

/** Whether this browser should announce new codes (the person turned it on here). */
const STORAGE_KEY = 'ephemera.notifyCodes';
const listeners = new Set<() => void>();

/** The browser can show notifications at all (not the desktop window: it has its own). */
export function notificationsAvailable(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function enabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1' && Notification.permission === 'granted';
  } catch {
    return false;
  }
}

/** On: asks the browser for permission first; off: stops. Resolves whether it is now on. */
export async function setCodeNotifications(on: boolean): Promise<boolean> {
  let allowed = !on || Notification.permission === 'granted';
  if (on && !allowed) allowed = (await Notification.requestPermission()) === 'granted';
  try {
    if (on && allowed) localStorage.setItem(STORAGE_KEY, '1');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // No storage: nothing to remember.
  }
  for (const listener of listeners) listener();
  return on && allowed;
}

export function useCodeNotifications(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    enabled,
    () => false,
  );
}

/**
 * Announces the newest code among `arrived` while the page is out of sight (another tab, the
 * window behind others): the code in the title, the sender as the body. A visible page shows
 * it already, so it says nothing then.
 */
export function announceCodes(arrived: Mail[], title: (code: string) => string): void {
  if (!notificationsAvailable() || !enabled()) return;
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  const withCode = arrived.filter((m) => m.code).at(-1);
  if (!withCode?.code) return;
  // The tag replaces an older announcement of the same mailbox instead of stacking them.
  new Notification(title(withCode.code), {
    body: withCode.from_name ?? withCode.from ?? withCode.email,
    tag: `ephemera-code-${withCode.email}`,
  });
}
