import { useServer } from '../../stores/server-store.ts';

const LOOPBACK = /^https?:\/\/(127\.|localhost|\[::1\])/i;

/** The base URL a phone should use: the LAN address when shared, else the page's own origin. */
export function useBaseUrl(): { url: string; reachable: boolean } {
  const info = useServer((s) => s.info);
  const origin = window.location.origin;
  if (info?.lan_url) return { url: info.lan_url, reachable: true };
  if (!LOOPBACK.test(origin)) return { url: origin, reachable: true };
  return { url: info?.http_url ?? origin, reachable: false };
}
