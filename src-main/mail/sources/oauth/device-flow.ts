import type { Clock } from '../../../core/clock.ts';
import type { OAuthConfig } from './oauth-config.ts';
import { OAuthError, postForm, requestTokens, type TokenSet } from './oauth-http.ts';
import { cancelled, type Discard, type PendingSignIn, type Wait } from './sign-in.ts';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 section 3.5: slow_down adds 5 seconds to the interval, for good. */
const SLOW_DOWN_MS = 5_000;

export interface DeviceFlowDeps {
  clock: Clock;
  wait: Wait;
  discard?: Discard;
}

/**
 * The device authorization grant (RFC 8628): asks for a user code, then polls the token
 * endpoint every `interval` seconds (longer after each slow_down) until the user finished at
 * the provider, declined, or the code expired.
 */
export async function startDeviceFlow(
  config: OAuthConfig,
  deps: DeviceFlowDeps,
): Promise<PendingSignIn> {
  const endpoint = config.device_authorization_endpoint;
  if (!endpoint) throw new OAuthError('invalid_request', 'no device authorization endpoint');
  const body = await postForm(endpoint, {
    client_id: config.client_id,
    scope: config.scopes.join(' '),
  });
  const deviceCode = body.device_code;
  const userCode = body.user_code;
  // Microsoft's v2 endpoint says verification_uri; its old one said verification_url.
  const uri = body.verification_uri ?? body.verification_url;
  if (typeof deviceCode !== 'string' || typeof userCode !== 'string' || typeof uri !== 'string') {
    throw new OAuthError('invalid_response', 'the provider answered without a device code');
  }
  const expiresIn = positive(body.expires_in, 900);
  const interval = positive(body.interval, 5);
  const abort = new AbortController();
  const polled = poll(config, deviceCode, interval * 1000, expiresIn * 1000, abort.signal, deps);
  // A cancel ends the sign-in at once, even with a token request in flight (that one finishes
  // in the background, and what it brings is discarded).
  const stopped = new Promise<never>((_, reject) =>
    abort.signal.addEventListener('abort', () => reject(cancelled()), { once: true }),
  );
  const done = Promise.race([polled, stopped]);
  // Nobody may be listening yet; the service does, and sees the same rejection.
  for (const p of [polled, stopped, done]) p.catch(() => undefined);
  return {
    answer: {
      flow: 'device',
      user_code: userCode,
      verification_uri: uri,
      expires_in: expiresIn,
      interval,
    },
    done,
    cancel: () => abort.abort(),
  };
}

async function poll(
  config: OAuthConfig,
  deviceCode: string,
  intervalMs: number,
  lifetimeMs: number,
  signal: AbortSignal,
  deps: DeviceFlowDeps,
): Promise<TokenSet> {
  const deadline = deps.clock.now() + lifetimeMs;
  let every = intervalMs;
  // Bounded: the code expires long before this many polls at one per second.
  for (let i = 0; i < 100_000; i++) {
    await deps.wait(every, signal);
    if (signal.aborted) throw cancelled();
    if (deps.clock.now() >= deadline) {
      throw new OAuthError('expired_token', 'the code expired before sign-in finished');
    }
    try {
      // A request in flight at a cancel is let finish (bounded by its timeout; nobody waits for
      // it): the provider may be handing over tokens, which are revoked rather than left live.
      const tokens = await requestTokens(
        config,
        { grant_type: DEVICE_GRANT, device_code: deviceCode },
        deps.clock,
      );
      if (signal.aborted) {
        deps.discard?.(tokens);
        throw cancelled();
      }
      return tokens;
    } catch (err) {
      if (signal.aborted) throw cancelled();
      if (!(err instanceof OAuthError)) throw err;
      if (err.code === 'slow_down') every += SLOW_DOWN_MS;
      // The provider down for a moment is waited out like a pending answer, until the deadline.
      else if (err.code !== 'authorization_pending' && !transient(err)) throw err;
    }
  }
  throw new OAuthError('expired_token', 'the code expired before sign-in finished');
}

export function transient(err: OAuthError): boolean {
  return (
    err.code === 'network' ||
    err.code === 'temporarily_unavailable' ||
    err.code === 'server_error' ||
    /^http_(5\d\d|429)$/.test(err.code)
  );
}

function positive(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n < 86_400 ? n : fallback;
}
