import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { UpstreamStatusError } from '../../downloader.ts';
import { withRetry } from '../../retry.ts';
import { isTransient } from '../../task-failure.ts';
import type { ResolveContext } from '../platform.ts';
import { TiktokCookieJar } from './tiktok-cookies.ts';
import { TIKTOK_ERRORS } from './tiktok-errors.ts';
import { ownsTiktokHost, TIKTOK_REFERER } from './tiktok-hosts.ts';
import { parseTiktokLink } from './tiktok-links.ts';

export interface RetrySettings {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
}

/** One answer, read whole (pages are small; media never goes through here). */
export interface PageAnswer {
  url: URL;
  statusCode: number;
  /** The redirect target of a 30x, resolved against `url`. */
  location: URL | null;
  body: string;
}

/** Video pages run to a few hundred KiB; anything far beyond is not a page worth reading. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One task's conversation with TikTok: a cookie jar that every answer feeds and every request
 * draws from, redirects handed back to the caller (so no hop's Set-Cookie is lost), and retries
 * with back-off for connection errors and 5xx inside the task's time budget.
 */
export class TiktokSession {
  readonly jar = new TiktokCookieJar();

  constructor(
    private readonly ctx: ResolveContext,
    private readonly retry: RetrySettings,
  ) {}

  get signal(): AbortSignal {
    return this.ctx.signal;
  }

  /** GET `url` without following redirects. */
  get(url: URL, userAgent?: string): Promise<PageAnswer> {
    return withRetry(() => this.once(url, userAgent), {
      signal: this.ctx.signal,
      isRetryable: isTransient,
      ...this.retry,
    });
  }

  /** What a media request to `url` carries: the jar's cookies for it and the Referer (§2.4). */
  mediaHeaders(url: string): Record<string, string> {
    const cookie = this.jar.header(new URL(url));
    return cookie ? { cookie, referer: TIKTOK_REFERER } : { referer: TIKTOK_REFERER };
  }

  private async once(url: URL, userAgent: string | undefined): Promise<PageAnswer> {
    const headers: Record<string, string> = {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
    };
    if (userAgent) headers['user-agent'] = userAgent;
    const cookie = this.jar.header(url);
    if (cookie) headers.cookie = cookie;
    const res = await this.ctx.http.fetch({
      url: url.href,
      headers,
      signal: this.ctx.signal,
      followRedirects: false,
    });
    this.jar.store(url, res.headers['set-cookie']);
    if (res.statusCode >= 500 || res.statusCode === 408) {
      await res.body.dump().catch(() => undefined);
      throw new UpstreamStatusError(res.statusCode, url.href);
    }
    const rawLocation = res.headers.location;
    const location = REDIRECTS.has(res.statusCode) ? absolute(rawLocation, url) : null;
    return { url, statusCode: res.statusCode, location, body: await readText(res.body) };
  }
}

/**
 * Vets a redirect target before anything is sent to it: it must be a TikTok host (the scoped
 * client would refuse it too, but this gives the user the reason), and TikTok's sign-in page
 * means the post is not shown anonymously (§2.5: final path `/login`).
 */
export function checkHop(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (!web || isIP(host) !== 0 || url.username !== '' || !ownsTiktokHost(host)) {
    throw TIKTOK_ERRORS.foreignRedirect(host || null);
  }
  if (parseTiktokLink(url).kind === 'login') throw TIKTOK_ERRORS.loginWall();
}

function absolute(location: string | string[] | undefined, base: URL): URL | null {
  const raw = Array.isArray(location) ? location[0] : location;
  if (!raw) return null;
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buf.length;
    // Leaving the loop by throwing destroys the stream, so nothing more is read.
    if (total > MAX_PAGE_BYTES) throw TIKTOK_ERRORS.pageTooLarge();
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}
