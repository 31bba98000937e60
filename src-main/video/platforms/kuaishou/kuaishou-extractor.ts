import { extractorFactory } from '../kit/extractor.ts';
import type { PlatformHttp } from '../kit/page-fetch.ts';
import type { ResolvedPost } from '../platform.ts';
import { readDesktopState } from './kuaishou-desktop-page.ts';
import {
  KuaishouError,
  moreTelling,
  noPageDataError,
  notAVideoLinkError,
} from './kuaishou-errors.ts';
import { fetchPage, type FetchedPage } from './kuaishou-fetch.ts';
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

/**
 * Kuaishou (docs/platforms/kuaishou.md §Resolution): the phone share page's `INIT_STATE` first, the
 * desktop page's `__APOLLO_STATE__` as the second route when the first one is blocked or
 * unreadable.
 */
export const createKuaishouExtractor = extractorFactory({
  platform: 'kuaishou',
  // The mobile route is the main one; desktop requests set their own UA.
  userAgent: MOBILE_USER_AGENT,
  ownsHost: ownsKuaishouHost,
  resolve: resolveKuaishou,
});

type RouteResult =
  { ok: true; post: ResolvedPost } | { ok: false; error: KuaishouError; photoId: string | null };

async function resolveKuaishou(link: URL, http: PlatformHttp): Promise<ResolvedPost> {
  const plan = planLink(link);
  const first = await tryRoute(http, plan.route, plan.url, plan.photoId);
  if (first.ok) return first.post;
  // Without an id the other route has no address; a final answer needs no second opinion.
  if (first.error.final || first.photoId === null) throw first.error;
  const route: KuaishouRoute = plan.route === 'mobile' ? 'desktop' : 'mobile';
  const url = new URL(
    route === 'desktop' ? desktopPageUrl(first.photoId) : mobilePageUrl(first.photoId),
  );
  let second: RouteResult;
  try {
    second = await tryRoute(http, route, url, first.photoId);
  } catch (err) {
    // The first route's answer is the truth about the post; a broken fallback adds nothing.
    if (http.signal.aborted) throw err;
    throw first.error;
  }
  if (second.ok) return second.post;
  throw moreTelling(first.error, second.error);
}

async function tryRoute(
  http: PlatformHttp,
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
    page = await fetchPage({ http, route, url, trail });
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
