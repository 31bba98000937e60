/**
 * What the UI says about a mail's link before it opens: its host, and whether the text a reader
 * sees on it names another host (`<a href="https://evil.example">paypal.com/verify</a>`) or
 * imitates one with look-alike or hidden characters (`pаypal.com` with a Cyrillic а,
 * `pay\u200bpal.com`). Pure: the anchors come from the mail's HTML (link-banner.tsx reads them
 * with DOMParser); the look-alike rules are src-shared/text/confusables.ts (docs/security.md).
 */

import { imitatesAscii, skeleton, visibleText } from '../../../src-shared/text/confusables.ts';
import { unicodeHost } from '../../../src-shared/text/punycode.ts';

/** The host a URL opens (`accounts.example.com`), or null when it is not http(s). */
export function linkHost(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host : null;
  } catch {
    return null;
  }
}

/**
 * The warning the banner shows: the text names another host (`other`), the text imitates a
 * host with look-alikes (`lookalike`), or the host the link opens is itself an IDN that
 * imitates an ASCII name (`lookalike-host`, whatever the text says).
 */
export interface HostWarning {
  kind: 'other' | 'lookalike' | 'lookalike-host';
  /** The host the text names (for a look-alike: the name imitated, its skeleton). */
  named: string;
}

/** When the host a URL opens is an IDN written to read as an ASCII name: that name. */
export function imitatedHost(url: string): string | null {
  const host = linkHost(url);
  if (!host) return null;
  const decoded = unicodeHost(bare(host));
  return imitatesAscii(decoded) ? skeleton(decoded) : null;
}

/**
 * A host written as a link's text: with a scheme, with `www.`, or as the whole text. Letters
 * of any script count, so a Cyrillic or Greek look-alike is read as a host too.
 */
const NAMED_HOST =
  /(?:^|[\s(<"'])(?:https?:\/\/)?((?:www\.)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,24})(?=[/:?#\s)>"']|$)/iu;

const bare = (host: string): string =>
  host
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:\d+$/, '');

/** The ASCII (IDNA) form of a host written in text, as the URL parser would open it. */
function asciiHost(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/** Whether two hosts are the same site: equal, or one a subdomain of the other. */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/**
 * What is wrong with the visible text of an anchor going to `url`, or null: the text names
 * another site, or names a host with look-alike letters or mixed scripts (even the one it
 * opens: that host is then itself a look-alike). Only text that reads as an address counts
 * (`paypal.com`, `www.paypal.com/verify`, `https://paypal.com`), not an address like
 * `sam@example.com` inside a sentence. Hidden characters are removed and compatibility forms
 * folded (NFKC) before it is read, as the reader sees it.
 */
export function hostWarning(url: string, text: string): HostWarning | null {
  const host = linkHost(url);
  if (!host) return null;
  // A link's text that names a host is short; a long one is read no further (bounded regex).
  const trimmed = visibleText(text.slice(0, 600)).trim().slice(0, 300);
  const m = NAMED_HOST.exec(trimmed);
  const named = m?.[1];
  if (!named || trimmed[(m.index ?? 0) + m[0].indexOf(named) - 1] === '@') return null;
  const explicit = /^(?:https?:\/\/|www\.)/i.test(m[0].trim()) || m[0].trim() === trimmed;
  if (!explicit) return null;
  if (imitatesAscii(named)) return { kind: 'lookalike', named: bare(skeleton(named)) };
  const opens = bare(host);
  const ascii = asciiHost(named);
  if (ascii !== null && sameSite(bare(ascii), opens)) return null;
  // Different hosts that read the same (paypa1.com for paypal.com) are look-alikes.
  if (sameSite(bare(skeleton(named)), bare(skeleton(opens)))) {
    return { kind: 'lookalike', named: bare(named.toLowerCase()) };
  }
  return { kind: 'other', named: bare(named) };
}

/** The host named by `text` when the banner should warn, else null (tests, simple callers). */
export function namedOtherHost(url: string, text: string): string | null {
  return hostWarning(url, text)?.named ?? null;
}

/**
 * The href as the URL parser reads it, so it compares with the mail's `link`: the server drops
 * tabs and line breaks inside it and spaces and control characters around it.
 */
function cleanHref(href: string): string {
  const s = href.replace(/[\t\n\r]/g, '');
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

/** The first warning about any anchor to `url`, else about its host (the banner shows it). */
export function mismatchedHost(
  url: string,
  anchors: readonly { href: string; text: string }[],
): HostWarning | null {
  for (const a of anchors) {
    if (cleanHref(a.href) !== url) continue;
    const warning = hostWarning(url, a.text);
    if (warning) return warning;
  }
  const imitated = imitatedHost(url);
  return imitated ? { kind: 'lookalike-host', named: imitated } : null;
}
