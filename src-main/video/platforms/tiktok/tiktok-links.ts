import { TIKTOK_ORIGIN } from './tiktok-hosts.ts';

/**
 * What a TikTok URL names, read from its host and path alone (docs/platforms/tiktok.md §Resolution,
 * step 1).
 */
export type TiktokLink =
  | { kind: 'video'; id: string; user: string | null }
  | { kind: 'photo'; id: string; user: string | null }
  /** vm./vt. short links and `/t/<code>`: only the platform knows where they lead. */
  | { kind: 'short' }
  /** TikTok's sign-in page, where it sends requests it will not answer anonymously. */
  | { kind: 'login' }
  | { kind: 'other' };

const ID = '(\\d{1,30})';
const USER = '@([\\w.-]*)';

/** Path forms that carry the post id; the first group is the user when the form has one. */
const VIDEO_PATHS: readonly RegExp[] = [
  new RegExp(`^/${USER}/video/${ID}(?:/|$)`),
  new RegExp(`^/()(?:i18n/)?share/video/${ID}(?:/|$)`),
  new RegExp(`^/()embed/(?:v2/)?${ID}(?:/|$)`),
  new RegExp(`^/()v/${ID}(?:\\.html)?(?:/|$)`),
];
const PHOTO_PATHS: readonly RegExp[] = [
  new RegExp(`^/${USER}/photo/${ID}(?:/|$)`),
  new RegExp(`^/()(?:i18n/)?share/photo/${ID}(?:/|$)`),
];

/** Short-link hosts: the app's "Copy link" gives `vm.` or `vt.` links. */
const SHORT_HOSTS = new Set(['vm.tiktok.com', 'vt.tiktok.com']);

export function parseTiktokLink(url: URL): TiktokLink {
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  for (const re of VIDEO_PATHS) {
    const m = re.exec(path);
    if (m?.[2]) return { kind: 'video', id: m[2], user: m[1] || null };
  }
  for (const re of PHOTO_PATHS) {
    const m = re.exec(path);
    if (m?.[2]) return { kind: 'photo', id: m[2], user: m[1] || null };
  }
  if (/^\/login(?:\/|$)/i.test(path)) return { kind: 'login' };
  if (SHORT_HOSTS.has(host) && /^\/[\w-]+\/?$/.test(path)) return { kind: 'short' };
  if (/^\/t\/[\w-]+\/?$/.test(path)) return { kind: 'short' };
  return { kind: 'other' };
}

/**
 * The page TikTok renders the post on. `@_` stands in for an unknown user name; TikTok serves
 * the post whatever name the path carries.
 */
export function videoPageUrl(id: string, user: string | null): string {
  return `${TIKTOK_ORIGIN}/@${user || '_'}/video/${id}`;
}

/** The mobile ("reflow") page of a post, the fallback when the desktop page is a stub. */
export function mobilePageUrl(id: string): string {
  return `https://m.tiktok.com/v/${id}.html`;
}

/**
 * The target of the first `<a href="…">` in a short link's answer: TikTok's 30x bodies carry
 * the destination as a link, which stands in when the Location header is missing.
 */
export function hrefFromBody(html: string, base: URL): URL | null {
  const m = /<a\s[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const raw = m?.[1] ?? m?.[2];
  if (!raw) return null;
  try {
    return new URL(raw.replace(/&amp;/g, '&'), base);
  } catch {
    return null;
  }
}
