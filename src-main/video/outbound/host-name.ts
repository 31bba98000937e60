import { isIP } from 'node:net';

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * The DNS name a URL points at, in the one spelling Ephemera checks and sends, or null when it
 * is not a plain DNS name. The URL parser has already lowered the case and applied IDNA mapping
 * (full-width letters, the full stops U+3002, U+FF0E and U+FF61 become ASCII, non-ASCII names
 * become xn-- labels, `127.0.0.1.` becomes `127.0.0.1`); this drops the one trailing dot of a
 * fully-qualified name (`v.douyin.com.` is `v.douyin.com`) so the allowlist and the Host header
 * see the same name, and refuses IP literals, empty labels and over-long names.
 */
export function canonicalHost(url: URL): string | null {
  const raw = url.hostname.replace(/^\[|\]$/g, '');
  if (raw === '' || isIP(raw) !== 0) return null;
  const host = raw.endsWith('.') ? raw.slice(0, -1) : raw;
  if (host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return host;
}
