import type { OutboundResponse } from '../../outbound/outbound-client.ts';
import { currentDiagnostics } from '../../diagnostics/diagnostics-scope.ts';
import { canonicalHost } from '../../outbound/host-name.ts';

/** One request of a walk: the answer it ended on, or where it was sent next. */
export type HopAnswer<T> = { done: T } | { next: URL };

export interface RedirectWalk<T> {
  start: URL;
  /** Requests allowed in all, the first included. */
  maxRequests: number;
  /** Requests `url` (without following redirects) and says where the walk stands. */
  request(url: URL): Promise<HopAnswer<T>>;
  /**
   * Vets every redirect target before anything else looks at it or anything is sent to it;
   * throws the platform's sentence to refuse it. The scoped client checks again on the request.
   */
  checkHop(next: URL): void;
  /** A target that already is the answer (its URL names the post), or null to request it. */
  arrivedAt?(next: URL): T | null;
  /** What running out of requests means: throws the platform's error, or returns a fallback. */
  exhausted(): T;
}

/**
 * Follows redirects one hop at a time, with a bound. Platforms walk redirects themselves rather
 * than let the client follow them, because a hop's answer says something (a Location that
 * names the post, cookies to keep) and because a hop off the platform must end with a sentence
 * the user can act on, before anything is sent to the foreign host.
 */
export async function walkRedirects<T>(walk: RedirectWalk<T>): Promise<T> {
  let url = walk.start;
  for (let requests = 0; requests < walk.maxRequests; requests++) {
    const answer = await walk.request(url);
    if ('done' in answer) return answer.done;
    checkRecorded(walk, answer.next);
    const arrived = walk.arrivedAt?.(answer.next) ?? null;
    if (arrived !== null) return arrived;
    url = answer.next;
  }
  return walk.exhausted();
}

/** The walk's hop check, with its verdict on `next` written to the run's diagnostics. */
function checkRecorded<T>(walk: RedirectWalk<T>, next: URL): void {
  try {
    walk.checkHop(next);
  } catch (err) {
    currentDiagnostics()?.redirect(next, false);
    throw err;
  }
  currentDiagnostics()?.redirect(next, true);
}

/**
 * The Location of a redirect answer, or null. `isRedirect` says which statuses count; the
 * first value wins when a header repeats.
 */
export function locationOf(
  res: OutboundResponse,
  isRedirect: (status: number) => boolean = isRedirectStatus,
): string | null {
  if (!isRedirect(res.statusCode)) return null;
  const raw: unknown = res.headers.location;
  const location: unknown = Array.isArray(raw) ? raw[0] : raw;
  return typeof location === 'string' && location !== '' ? location : null;
}

/** Any 3xx, as the share-link hops of Douyin and Kuaishou read them. */
export function isRedirectStatus(status: number): boolean {
  return status >= 300 && status <= 399;
}

/** `location` resolved against the URL that answered, or null when it is not a URL. */
export function resolveLocation(location: string, base: string | URL): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

/** The redirect target of `res`, resolved against the URL that answered; null otherwise. */
export function redirectTarget(res: OutboundResponse): URL | null {
  const location = locationOf(res);
  return location === null ? null : resolveLocation(location, res.url);
}

/**
 * The allowlist check of one hop, as the scoped client makes it: http(s) only, no credentials,
 * a plain DNS name (no IP literal) in its canonical spelling, and owned by the platform. The
 * platform checks before the client does so that the user reads why the link was not followed.
 */
export function isAllowedHop(url: URL, ownsHost: (host: string) => boolean): boolean {
  const host = canonicalHost(url);
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  return web && url.username === '' && url.password === '' && host !== null && ownsHost(host);
}
