import type { PlatformExtractor, ResolveContext, ResolvedPost } from '../platform.ts';
import { readDesktopState } from './kuaishou-desktop-page.ts';
import {
  KuaishouError,
  moreTelling,
  noPageDataError,
  notAVideoLinkError,
} from './kuaishou-errors.ts';
import { fetchPage, type FetchedPage, type RetryPolicy } from './kuaishou-fetch.ts';
import { MOBILE_USER_AGENT, ownsKuaishouHost } from './kuaishou-hosts.ts';
import { toResolvedPost } from './kuaishou-item.ts';
import {
  desktopPageUrl,
  mobilePageUrl,
  photoIdOf,
  planLink,
  type KuaishouRoute,
} from './kuaishou-links.ts';
import { readMobileState } from './kuaishou-mobile-page.ts';
import { readJsonAnswer, wallSignal, type PageReading } from './kuaishou-page-signals.ts';

export interface KuaishouExtractorOptions {
  /** Page requests: tries and first back-off for network errors and 5xx. */
  retry?: RetryPolicy;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1000 };

/**
 * Kuaishou (platforms.md §3): the phone share page's `INIT_STATE` first, the desktop page's
 * `__APOLLO_STATE__` as the second route when the first one is blocked or unreadable.
 */
export function createKuaishouExtractor(options: KuaishouExtractorOptions = {}): PlatformExtractor {
  const retry = options.retry ?? DEFAULT_RETRY;
  return {
    platform: 'kuaishou',
    // The mobile route is the main one; desktop requests set their own UA.
    userAgent: MOBILE_USER_AGENT,
    ownsHost: ownsKuaishouHost,
    resolve: (link, ctx) => resolveKuaishou(link, ctx, retry),
  };
}

type RouteResult =
  { ok: true; post: ResolvedPost } | { ok: false; error: KuaishouError; photoId: string | null };

async function resolveKuaishou(
  link: URL,
  ctx: ResolveContext,
  retry: RetryPolicy,
): Promise<ResolvedPost> {
  const plan = planLink(link);
  const first = await tryRoute(ctx, retry, plan.route, plan.url, plan.photoId);
  if (first.ok) return first.post;
  // Without an id the other route has no address; a final answer needs no second opinion.
  if (first.error.final || first.photoId === null) throw first.error;
  const route: KuaishouRoute = plan.route === 'mobile' ? 'desktop' : 'mobile';
  const url = new URL(
    route === 'desktop' ? desktopPageUrl(first.photoId) : mobilePageUrl(first.photoId),
  );
  let second: RouteResult;
  try {
    second = await tryRoute(ctx, retry, route, url, first.photoId);
  } catch (err) {
    // The first route's answer is the truth about the post; a broken fallback adds nothing.
    if (ctx.signal.aborted) throw err;
    throw first.error;
  }
  if (second.ok) return second.post;
  throw moreTelling(first.error, second.error);
}

async function tryRoute(
  ctx: ResolveContext,
  retry: RetryPolicy,
  route: KuaishouRoute,
  url: URL,
  knownId: string | null,
): Promise<RouteResult> {
  const trail: URL[] = [];
  // The page that answered names the post best; earlier hops may carry it in a query.
  const idSoFar = (): string | null =>
    trail.map(photoIdOf).findLast((id) => id !== null) ?? knownId;
  let page: FetchedPage;
  try {
    page = await fetchPage({ http: ctx.http, signal: ctx.signal, retry, route, url, trail });
  } catch (err) {
    if (err instanceof KuaishouError) return { ok: false, error: err, photoId: idSoFar() };
    throw err;
  }
  const id = idSoFar();
  const reading = readPage(page.body, id);
  if (reading.kind === 'refused') return { ok: false, error: reading.error, photoId: id };
  if (reading.kind === 'none') {
    return { ok: false, error: id ? noPageDataError() : notAVideoLinkError(), photoId: id };
  }
  const postId = id ?? reading.item.id;
  if (postId === null) return { ok: false, error: notAVideoLinkError(), photoId: null };
  try {
    return { ok: true, post: toResolvedPost(reading.item, postId, page.mediaHeaders) };
  } catch (err) {
    if (err instanceof KuaishouError) return { ok: false, error: err, photoId: postId };
    throw err;
  }
}

/**
 * Whatever the page is: a bare JSON refusal, the phone page, the desktop page (short links may
 * land on either), or a captcha wall. The post's data wins over wall markers, which a normal
 * page may also mention in its scripts.
 */
export function readPage(body: string, photoId: string | null): PageReading {
  const json = readJsonAnswer(body);
  if (json) return json;
  const mobile = readMobileState(body);
  if (mobile.kind !== 'none') return mobile;
  const desktop = readDesktopState(body, photoId);
  if (desktop.kind !== 'none') return desktop;
  const wall = wallSignal(body);
  return wall ? { kind: 'refused', error: wall } : { kind: 'none' };
}
