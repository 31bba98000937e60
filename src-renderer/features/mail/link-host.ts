/**
 * What the UI says about a mail's link before it opens: its host, and whether the text a reader
 * sees on it names another host (`<a href="https://evil.example">paypal.com/verify</a>`).
 * Pure: the anchors come from the mail's HTML (link-banner.tsx reads them with DOMParser).
 */

/** The host a URL opens (`accounts.example.com`), or null when it is not http(s). */
export function linkHost(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host : null;
  } catch {
    return null;
  }
}

/** A host written as a link's text: with a scheme, with `www.`, or as the whole text. */
const NAMED_HOST =
  /(?:^|[\s(<"'])(?:https?:\/\/)?((?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?=[/:?#\s)>"']|$)/i;

const bare = (host: string): string =>
  host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:\d+$/, '');

/** Whether two hosts are the same site: equal, or one a subdomain of the other. */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/**
 * The host named by the visible text of an anchor going to `url`, when it is not where the URL
 * goes; null when the text names no host or the same site. Only text that reads as an address
 * counts (`paypal.com`, `www.paypal.com/verify`, `https://paypal.com`), not an address like
 * `sam@example.com` inside a sentence.
 */
export function namedOtherHost(url: string, text: string): string | null {
  const host = linkHost(url);
  if (!host) return null;
  // A link's text that names a host is short; a long one is read no further (bounded regex).
  const trimmed = text.trim().slice(0, 300);
  const m = NAMED_HOST.exec(trimmed);
  const named = m?.[1];
  if (!named || trimmed[(m.index ?? 0) + m[0].indexOf(named) - 1] === '@') return null;
  const explicit = /^(?:https?:\/\/|www\.)/i.test(m[0].trim()) || m[0].trim() === trimmed;
  if (!explicit) return null;
  return sameSite(bare(named), bare(host)) ? null : bare(named);
}

/** The first other host named by any anchor to `url` (the banner warns about it). */
export function mismatchedHost(
  url: string,
  anchors: readonly { href: string; text: string }[],
): string | null {
  for (const a of anchors) {
    if (a.href.trim() !== url) continue;
    const other = namedOtherHost(url, a.text);
    if (other) return other;
  }
  return null;
}
