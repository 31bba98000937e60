import { loadUndici, type Undici } from '../../../core/undici.ts';

interface StoredCookie {
  name: string;
  value: string;
  /** Lower-case domain without a leading dot. */
  domain: string;
  /** No Domain attribute: sent back to exactly the host that set it. */
  hostOnly: boolean;
  path: string;
  secure: boolean;
  /** Unix ms, or null for a session cookie. */
  expiresAt: number | null;
}

/**
 * The cookies of one task's visit to a platform, for platforms whose later requests need what
 * earlier answers set (TikTok's `tt_chain_token` for its CDN, Douyin's share-page cookies for
 * iteminfo). undici parses each Set-Cookie line; the jar adds the RFC 6265 matching a browser
 * would do, and only accepts cookies scoped to the platform's own domains (no `Domain=com`).
 */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly ownsDomain: (domain: string) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores every Set-Cookie of a response from `url`. */
  async store(url: URL, setCookie: string | string[] | undefined): Promise<void> {
    const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    if (lines.length === 0) return;
    const { parseCookie } = await loadUndici();
    for (const line of lines) this.storeLine(url, line, parseCookie);
  }

  /** Sets a cookie the way a page script would, for `domain` and its subdomains. */
  set(name: string, value: string, domain: string, maxAgeSeconds: number): void {
    this.put({
      name,
      value,
      domain: domain.toLowerCase().replace(/^\./, ''),
      hostOnly: false,
      path: '/',
      secure: false,
      expiresAt: this.now() + maxAgeSeconds * 1000,
    });
  }

  /** The Cookie header for a request to `url`, or null when no cookie matches. */
  header(url: URL): string | null {
    const host = url.hostname.toLowerCase();
    const now = this.now();
    const pairs: string[] = [];
    for (const c of this.cookies.values()) {
      if (c.expiresAt !== null && c.expiresAt <= now) continue;
      if (c.secure && url.protocol !== 'https:') continue;
      const domainOk = c.hostOnly ? host === c.domain : domainMatches(host, c.domain);
      if (domainOk && pathMatches(url.pathname, c.path)) pairs.push(`${c.name}=${c.value}`);
    }
    return pairs.length > 0 ? pairs.join('; ') : null;
  }

  /** The value of `name` as a request to `url` would carry it. */
  valueFor(url: URL, name: string): string | null {
    const header = this.header(url) ?? '';
    const pair = header.split('; ').find((p) => p.startsWith(`${name}=`));
    return pair === undefined ? null : pair.slice(name.length + 1);
  }

  private storeLine(url: URL, line: string, parseCookie: Undici['parseCookie']): void {
    const parsed = parseCookie(line);
    if (!parsed?.name) return;
    const host = url.hostname.toLowerCase();
    const domain = parsed.domain?.toLowerCase().replace(/^\./, '');
    // A cookie for another site, or for a public suffix, is ignored as a browser would.
    if (domain !== undefined && (!domainMatches(host, domain) || !this.ownsDomain(domain))) return;
    let expiresAt: number | null = null;
    if (parsed.maxAge !== undefined) expiresAt = this.now() + parsed.maxAge * 1000;
    else if (parsed.expires !== undefined) expiresAt = new Date(parsed.expires).getTime();
    this.put({
      name: parsed.name,
      value: parsed.value,
      domain: domain ?? host,
      hostOnly: domain === undefined,
      path: parsed.path?.startsWith('/') ? parsed.path : defaultPath(url.pathname),
      secure: parsed.secure === true,
      expiresAt,
    });
  }

  private put(cookie: StoredCookie): void {
    const key = `${cookie.name}\u0000${cookie.domain}\u0000${cookie.path}`;
    // An expiry in the past is how a server deletes a cookie.
    if (cookie.expiresAt !== null && cookie.expiresAt <= this.now()) this.cookies.delete(key);
    else this.cookies.set(key, cookie);
  }
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** RFC 6265 §5.1.4: the request path up to, not including, its last slash. */
function defaultPath(requestPath: string): string {
  const last = requestPath.lastIndexOf('/');
  return last <= 0 ? '/' : requestPath.slice(0, last);
}
