import { OutboundRefusedError } from '../../outbound/outbound-client.ts';
import { UpstreamStatusError } from '../../downloader.ts';
import { describeFailure } from '../../task-failure.ts';
import { platformExtractor, type ExtractorOptions } from '../kit/extractor.ts';
import { pageStatusMeaning } from '../kit/page-status.ts';
import { walkRedirects } from '../kit/redirect-walk.ts';
import { PlatformError, type PlatformExtractor, type ResolvedPost } from '../platform.ts';
import { MAX_CHALLENGE_HASHES, solveChallenge } from './tiktok-challenge.ts';
import { TIKTOK_ERRORS, TIKTOK_PROXY_HINT } from './tiktok-errors.ts';
import {
  MOBILE_USER_AGENT,
  ownsTiktokHost,
  SHORT_LINK_USER_AGENT,
  TIKTOK_USER_AGENT,
} from './tiktok-hosts.ts';
import { itemToPost } from './tiktok-item.ts';
import {
  hrefFromBody,
  mobilePageUrl,
  parseTiktokLink,
  videoPageUrl,
  type TiktokLink,
} from './tiktok-links.ts';
import { itemFromDetail, readVideoPage } from './tiktok-page.ts';
import type { TiktokItem } from './tiktok-schema.ts';
import { checkHop, TiktokSession, type PageAnswer } from './tiktok-session.ts';

export interface TiktokExtractorOptions extends ExtractorOptions {
  /** Cap on the proof-of-work search (docs/platforms/tiktok.md §Resolution); tests lower it. */
  maxChallengeHashes?: number;
}

/** Redirect hops followed by hand, like the outbound client's own limit. */
const MAX_HOPS = 5;
/** The challenge cookie only has to outlive this task (240 s). */
const CHALLENGE_COOKIE_SECONDS = 240;

/**
 * TikTok through its web pages, no signatures (docs/platforms/tiktok.md §Resolution): expand a
 * short link, fetch `/@user/video/<id>` keeping the cookie jar, solve the proof-of-work page when
 * it appears, read `webapp.video-detail` from the universal data and pick the best watermark-free
 * rendition. The media sources carry the page's cookies (`tt_chain_token`) and the Referer the CDN
 * wants.
 */
export function createTiktokExtractor(options: TiktokExtractorOptions = {}): PlatformExtractor {
  const maxHashes = options.maxChallengeHashes ?? MAX_CHALLENGE_HASHES;
  return platformExtractor(
    {
      platform: 'tiktok',
      userAgent: TIKTOK_USER_AGENT,
      ownsHost: ownsTiktokHost,
      async resolve(link, http) {
        try {
          return await resolvePost(new TiktokSession(http), link, maxHashes);
        } catch (err) {
          throw explain(err, http.signal);
        }
      },
    },
    options,
  );
}

async function resolvePost(
  session: TiktokSession,
  link: URL,
  maxHashes: number,
): Promise<ResolvedPost> {
  let target = parseTiktokLink(link);
  if (target.kind === 'short') target = await expandShortLink(session, link);
  if (target.kind === 'login') throw TIKTOK_ERRORS.loginWall();
  if (target.kind === 'photo') {
    // A slideshow is refused without reading it: nothing of it could be downloaded anyway.
    return {
      id: target.id,
      kind: 'gallery',
      title: null,
      author: null,
      media: [],
      cover: null,
      duration: null,
      width: null,
      height: null,
    };
  }
  if (target.kind !== 'video') throw TIKTOK_ERRORS.notAVideoLink();
  const item = await fetchItem(session, target.id, target.user, maxHashes);
  return itemToPost(item, { id: target.id, headersFor: (url) => session.mediaHeaders(url) });
}

/**
 * Follows a short link hop by hop until a URL names the post. A hop answers with a Location or,
 * failing that, with the target as `<a href>` in its body.
 */
async function expandShortLink(session: TiktokSession, link: URL): Promise<TiktokLink> {
  return walkRedirects<TiktokLink>({
    start: link,
    maxRequests: MAX_HOPS + 1,
    async request(url) {
      const answer = await session.get(url, SHORT_LINK_USER_AGENT);
      const next =
        answer.location ??
        (answer.statusCode >= 300 && answer.statusCode < 400
          ? hrefFromBody(answer.body, url)
          : null);
      if (!next) throw deadEnd(answer);
      return { next };
    },
    checkHop,
    arrivedAt(next) {
      const target = parseTiktokLink(next);
      return target.kind === 'video' || target.kind === 'photo' ? target : null;
    },
    exhausted: tooManyRedirects,
  });
}

/** Why a short link stopped before naming a post. */
function deadEnd(answer: PageAnswer): PlatformError {
  if (pageStatusMeaning(answer.statusCode) === 'gone') return TIKTOK_ERRORS.shortLinkDead();
  const page = readVideoPage(answer.body);
  if (page.kind === 'challenge' || page.kind === 'waf') return TIKTOK_ERRORS.challengeUnsolved();
  if (page.kind === 'captcha') return TIKTOK_ERRORS.captcha();
  return TIKTOK_ERRORS.shortLinkNoVideo();
}

/**
 * Fetches the video page, answering one proof-of-work challenge on the way if asked. A desktop
 * page that comes back as a stub without universal data (intermittent since 2026-07) is asked
 * once more as the mobile page, which carries the item under `webapp.reflow.video.detail`.
 */
async function fetchItem(
  session: TiktokSession,
  id: string,
  user: string | null,
  maxHashes: number,
): Promise<TiktokItem> {
  let pageUrl = new URL(videoPageUrl(id, user));
  let userAgent: string | undefined;
  for (let solved = false, mobile = false; ;) {
    const answer = await followPage(session, pageUrl, userAgent);
    const page = readVideoPage(answer.body);
    if (page.kind === 'detail' && answer.statusCode === 200) return itemFromDetail(page.detail);
    if (page.kind === 'challenge') {
      if (solved) throw TIKTOK_ERRORS.challengeRepeated();
      solved = true;
      const cookies = await solveChallenge(page.challenge, session.signal, maxHashes);
      if (!cookies) throw TIKTOK_ERRORS.challengeUnsolved();
      for (const c of cookies)
        session.jar.set(c.name, c.value, 'tiktok.com', CHALLENGE_COOKIE_SECONDS);
      continue;
    }
    if (page.kind === 'waf') throw TIKTOK_ERRORS.challengeUnsolved();
    if (page.kind === 'captcha') throw TIKTOK_ERRORS.captcha();
    if (page.kind === 'unknown' && answer.statusCode === 200 && !mobile) {
      mobile = true;
      pageUrl = new URL(mobilePageUrl(id));
      userAgent = MOBILE_USER_AGENT;
      continue;
    }
    throw statusError(answer.statusCode);
  }
}

/** GETs a page, following redirects by hand so each hop's cookies are kept and vetted. */
function followPage(session: TiktokSession, start: URL, userAgent?: string): Promise<PageAnswer> {
  return walkRedirects<PageAnswer>({
    start,
    maxRequests: MAX_HOPS + 1,
    async request(url) {
      const answer = await session.get(url, userAgent);
      return answer.location ? { next: answer.location } : { done: answer };
    },
    checkHop,
    exhausted: tooManyRedirects,
  });
}

function tooManyRedirects(): never {
  throw TIKTOK_ERRORS.tooManyRedirects();
}

/** A 451 is not read as a region block here: TikTok blocks regions inside the page (10204). */
function statusError(status: number): PlatformError {
  const meaning = pageStatusMeaning(status);
  if (meaning === 'gone') return TIKTOK_ERRORS.pageMissing(status);
  if (meaning === 'refused') return TIKTOK_ERRORS.pageRefused(status);
  if (status === 200) return TIKTOK_ERRORS.pageChanged();
  return TIKTOK_ERRORS.pageRejected(status);
}

/**
 * Gives errors that left the TikTok code a TikTok sentence. Aborts (timeout, cancel) pass
 * through untouched: the scheduler reads its own reason.
 */
function explain(err: unknown, signal: AbortSignal): unknown {
  if (signal.aborted || err instanceof PlatformError) return err;
  if (err instanceof UpstreamStatusError) return TIKTOK_ERRORS.serverError(err.statusCode);
  if (err instanceof OutboundRefusedError) {
    return err.reason === 'too_many_redirects'
      ? TIKTOK_ERRORS.tooManyRedirects()
      : TIKTOK_ERRORS.foreignRedirect(null);
  }
  const failure = describeFailure(err, 'tiktok');
  return failure.code === 'network'
    ? new PlatformError('network', `${failure.message} ${TIKTOK_PROXY_HINT}`, failure.retryable)
    : err;
}
