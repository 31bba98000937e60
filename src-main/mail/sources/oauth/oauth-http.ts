import type { Clock } from '../../../core/clock.ts';
import type { OAuthConfig } from './oauth-config.ts';

/** What a token endpoint gave: the access token, and a refresh token when it sent one. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Unix ms. */
  expiresAt: number;
}

/**
 * An OAuth error answer (RFC 6749 section 5.2, RFC 8628 section 3.5): `code` is the `error`
 * field (invalid_grant, authorization_pending, slow_down, ...), or `http_<status>` / `network`
 * when the endpoint did not answer with one. Never carries a token or the request.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly code: string,
    description: string,
  ) {
    super(description);
  }

  /** The grant itself is gone (revoked, expired, refused): only a new sign-in helps. */
  get grantLost(): boolean {
    return ['invalid_grant', 'access_denied', 'expired_token', 'unauthorized_client'].includes(
      this.code,
    );
  }
}

const TIMEOUT_MS = 30_000;
/** An answer larger than this is not an OAuth answer. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs a form to an OAuth endpoint; the parsed JSON object of a 2xx, else an OAuthError.
 * `cancel` ends a request in flight (a sign-in the user cancelled).
 */
export async function postForm(
  endpoint: string,
  params: Record<string, string>,
  timeoutMs = TIMEOUT_MS,
  cancel?: AbortSignal,
): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      redirect: 'error',
      signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout,
    });
  } catch (err) {
    throw new OAuthError('network', `the provider could not be reached (${describe(err)})`);
  }
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text.length <= MAX_ANSWER_BYTES ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: handled below by the status.
  }
  if (res.ok && typeof body.error !== 'string') return body;
  const code = typeof body.error === 'string' ? body.error.slice(0, 64) : `http_${res.status}`;
  const said = typeof body.error_description === 'string' ? body.error_description : '';
  throw new OAuthError(code, said ? `${code}: ${said.split('\n')[0]?.slice(0, 200)}` : code);
}

/** A token request (RFC 6749 section 4): the client's id (and its non-secret secret) added. */
export async function requestTokens(
  config: OAuthConfig,
  params: Record<string, string>,
  clock: Clock,
  cancel?: AbortSignal,
): Promise<TokenSet> {
  const body = await postForm(
    config.token_endpoint,
    {
      ...params,
      client_id: config.client_id,
      ...(config.client_secret ? { client_secret: config.client_secret } : {}),
    },
    TIMEOUT_MS,
    cancel,
  );
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new OAuthError('invalid_response', 'the provider answered without an access token');
  }
  const lifetime = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    // No lifetime given: an hour, the usual one (a refused login renews it anyway).
    expiresAt: clock.now() + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 3600) * 1000,
  };
}

/**
 * fetch's own error is always "TypeError: fetch failed": the reason is its cause, a system
 * error's code (ECONNREFUSED) or, for what fetch refuses itself, a message ("bad port").
 */
function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message?.slice(0, 80) ?? (err as Error).name;
}
