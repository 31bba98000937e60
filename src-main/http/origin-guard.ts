import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error.ts';

/** Methods a page from any site may send: they change nothing here. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request the user or this very origin made. */
const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

function isWebSocketUpgrade(request: FastifyRequest): boolean {
  return (request.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

/**
 * Why a request must be refused as cross-origin, or null. The approach of Go 1.25's
 * net/http.CrossOriginProtection: only browsers send Sec-Fetch-Site and Origin, and they always
 * do on the requests that matter, so:
 * - Sec-Fetch-Site present: only `same-origin` and `none` (typed URL, bookmark) pass;
 * - else Origin present: it must name the served host (scheme not compared: behind a TLS
 *   reverse proxy the page is https while this server speaks http; a page cannot be on
 *   another scheme at the same host and port). `Origin: null` (sandboxed frames, file://) fails;
 * - neither: not a browser (curl, scripts, phone automations), allowed.
 */
export function crossOriginRefusal(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method) && !isWebSocketUpgrade(request)) return null;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    return TRUSTED_FETCH_SITES.has(site.toLowerCase())
      ? null
      : `the browser says it comes from another site (Sec-Fetch-Site: ${site})`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  return originHost(origin) === (request.headers.host ?? '').toLowerCase()
    ? null
    : `it comes from the page ${origin}`;
}

/**
 * True when a browser says a page on another site (or another port of this host: `same-site`)
 * sent the request, whatever its method. Such requests are counted apart (rate-limit.ts), so a
 * page the user happens to have open cannot spend the allowance of the UI and the user's scripts.
 */
export function isFromOtherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return !TRUSTED_FETCH_SITES.has(site.toLowerCase());
  const origin = request.headers.origin;
  return origin !== undefined && originHost(origin) !== (request.headers.host ?? '').toLowerCase();
}

function originHost(origin: string): string | null {
  if (origin === 'null') return null;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * Refuses (403) a state-changing request or WebSocket upgrade that a web page on another site
 * sent through the user's browser (CSRF, including `fetch(..., {mode: 'no-cors'})` and form
 * posts). No CORS headers are ever sent, so no other site can read any answer either.
 */
export function registerOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = crossOriginRefusal(request);
    if (reason === null) return done();
    done(
      new AppError(
        'CROSS_ORIGIN',
        `Cross-origin request refused: ${reason}. Pages on other sites cannot change anything in Ephemera or open its WebSockets; use Ephemera's own page, or a client that sends no Origin header.`,
      ),
    );
  });
}
