import { UpstreamStatusError } from '../../downloader.ts';
import {
  OutboundRefusedError,
  type OutboundResponse,
  type ScopedClient,
} from '../../outbound/outbound-client.ts';
import { withRetry } from '../../retry.ts';
import { isTransient } from '../../task-failure.ts';
import {
  foreignRedirectError,
  notAVideoLinkError,
  oversizedPageError,
  pageStatusError,
  tooManyRedirectsError,
} from './kuaishou-errors.ts';
import { DESKTOP_ORIGIN, DESKTOP_USER_AGENT, MOBILE_USER_AGENT } from './kuaishou-hosts.ts';
import { normaliseMobileUrl, type KuaishouRoute } from './kuaishou-links.ts';

/** Tries per request and the first back-off (doubling) for network errors and 5xx. */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
}

export interface PageRequest {
  http: ScopedClient;
  signal: AbortSignal;
  retry: RetryPolicy;
  route: KuaishouRoute;
  url: URL;
  /** Receives every URL requested, the link first: on failure too, the hops name the post. */
  trail: URL[];
}

export interface FetchedPage {
  body: string;
  /** Headers the media requests should carry to look like they come from this page. */
  mediaHeaders: Record<string, string>;
}

/** Hops from a short link to its page; short links take one or two (platforms.md §3.2). */
const MAX_HOPS = 5;
/** Real video pages are a few hundred KiB; anything far larger is not one. */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
const ACCEPT_HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Request headers per route: the phone UA for the share page, desktop UA + Origin otherwise. */
function routeHeaders(route: KuaishouRoute): Record<string, string> {
  if (route === 'mobile') {
    return {
      'user-agent': MOBILE_USER_AGENT,
      referer: 'https://v.kuaishou.com/',
      accept: ACCEPT_HTML,
      'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
    };
  }
  return {
    'user-agent': DESKTOP_USER_AGENT,
    referer: `${DESKTOP_ORIGIN}/`,
    origin: DESKTOP_ORIGIN,
    accept: ACCEPT_HTML,
    'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
  };
}

/**
 * Fetches a page, following redirects one hop at a time: each hop is vetted by the scoped
 * client before anything is sent, `/fw/long-video/` is rewritten on the way, and every hop is
 * retried on network errors and 5xx. Other statuses end the fetch with their own sentence.
 */
export async function fetchPage(req: PageRequest): Promise<FetchedPage> {
  const headers = routeHeaders(req.route);
  let url = req.url;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    req.trail.push(url);
    const answer = await withRetry(() => fetchOnce(req, url, headers), {
      signal: req.signal,
      ...req.retry,
      isRetryable: isTransient,
    }).catch((err: unknown) => {
      throw err instanceof UpstreamStatusError ? pageStatusError(err.statusCode) : err;
    });
    if ('body' in answer) {
      const mediaHeaders: Record<string, string> = { referer: `${url.origin}/` };
      // The CDN sees the same browser the page saw.
      if (req.route === 'desktop') mediaHeaders['user-agent'] = DESKTOP_USER_AGENT;
      return { body: answer.body, mediaHeaders };
    }
    url = answer.next;
  }
  throw tooManyRedirectsError();
}

type Answer = { body: string } | { next: URL };

async function fetchOnce(
  req: PageRequest,
  url: URL,
  headers: Record<string, string>,
): Promise<Answer> {
  let res: OutboundResponse;
  try {
    res = await req.http.fetch({
      url: url.href,
      headers,
      signal: req.signal,
      followRedirects: false,
    });
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw foreignRedirectError(url.host);
    throw err;
  }
  const next = res.headers.location;
  if (res.statusCode >= 300 && res.statusCode < 400 && next) {
    await res.body.dump();
    if (!URL.canParse(next, url.href)) throw notAVideoLinkError();
    return { next: normaliseMobileUrl(new URL(next, url)) };
  }
  if (res.statusCode !== 200) {
    await res.body.dump().catch(() => undefined);
    if (res.statusCode >= 500 || res.statusCode === 408) {
      // Thrown as the shared status error so the retry policy treats it like any 5xx.
      throw new UpstreamStatusError(res.statusCode, url.href);
    }
    throw pageStatusError(res.statusCode);
  }
  return { body: await readCapped(res.body) };
}

async function readCapped(body: OutboundResponse['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    // Leaving the loop early destroys the body, which frees the connection.
    if (total > MAX_PAGE_BYTES) throw oversizedPageError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
