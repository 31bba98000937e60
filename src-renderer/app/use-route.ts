import { useSyncExternalStore } from 'react';

export const ROUTES = ['video', 'mail', 'phone', 'settings'] as const;
export type Route = (typeof ROUTES)[number];

function current(): Route {
  const name = window.location.hash.replace(/^#\/?/, '').split('/')[0] ?? '';
  return (ROUTES as readonly string[]).includes(name) ? (name as Route) : 'video';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** The screen named by the URL hash (#/mail …): links work, and Back goes back. */
export function useRoute(): Route {
  return useSyncExternalStore(subscribe, current, current);
}
