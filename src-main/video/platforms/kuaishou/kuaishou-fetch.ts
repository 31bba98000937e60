import { UpstreamStatusError } from '../../downloader.ts';
import { OutboundRefusedError } from '../../outbound/outbound-client.ts';
import { getPage, readCappedText, type PlatformHttp } from '../kit/page-fetch.ts';
import { isAllowedHop, locationOf, resolveLocation, walkRedirects } from '../kit/redirect-walk.ts';
import { throwIfServerError } from '../kit/retry.ts';
import {
  foreignRedirectError,
  notAVideoLinkError,
  oversizedPageError,
  pageStatusError,
  tooManyRedirectsError,
} from './kuaishou-errors.ts';
import {
  DESKTOP_ORIGIN,
  DESKTOP_USER_AGENT,
  MOBILE_USER_AGENT,
  ownsKuaishouHost,
} from './kuaishou-hosts.ts';
import { normaliseMobileUrl, type KuaishouRoute } from './kuaishou-links.ts';

export interface PageRequest {
  http: PlatformHttp;
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

/** Hops from a short link to its page; short links take one or two. */
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
 * Fetches a page, following redirects one hop at a time: each hop is vetted against Kuaishou's
 * hosts (and again by the scoped client) before anything is sent, `/fw/long-video/` is rewritten on the way, and every hop is
 * retried on network errors and 5xx. Other statuses end the fetch with their own sentence.
 */
export async function fetchPage(req: PageRequest): Promise<FetchedPage> {
  const headers = routeHeaders(req.route);
  return walkRedirects<FetchedPage>({
    start: req.url,
    maxRequests: MAX_HOPS + 1,
    request: async (url) => {
      req.trail.push(url);
      const answer = await fetchOnce(req.http, url, headers);
      if (!('body' in answer)) return answer;
      const mediaHeaders: Record<string, string> = { referer: `${url.origin}/` };
      // The CDN sees the same browser the page saw.
      if (req.route === 'desktop') mediaHeaders['user-agent'] = DESKTOP_USER_AGENT;
      return { done: { body: answer.body, mediaHeaders } };
    },
    checkHop: (next) => {
      if (!isAllowedHop(next, ownsKuaishouHost)) throw foreignRedirectError(next.host);
    },
    exhausted: () => {
      throw tooManyRedirectsError();
    },
  });
}

type Answer = { body: string } | { next: URL };

function fetchOnce(http: PlatformHttp, url: URL, headers: Record<string, string>): Promise<Answer> {
  return getPage(http, url.href, headers, async (res): Promise<Answer> => {
    const location = locationOf(res);
    if (location !== null) {
      const next = resolveLocation(location, url);
      if (!next) throw notAVideoLinkError();
      return { next: normaliseMobileUrl(next) };
    }
    if (res.statusCode !== 200) {
      await throwIfServerError(res, url.href);
      throw pageStatusError(res.statusCode);
    }
    return { body: await readCappedText(res.body, MAX_PAGE_BYTES, oversizedPageError) };
  }).catch((err: unknown) => {
    // The client's own refusal, worded like the hop check's.
    if (err instanceof OutboundRefusedError) throw foreignRedirectError(url.host);
    throw err instanceof UpstreamStatusError ? pageStatusError(err.statusCode) : err;
  });
}
