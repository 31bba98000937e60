import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../../core/clock.ts';
import type { OAuthConfig } from './oauth-config.ts';
import { OAuthError, requestTokens, type TokenSet } from './oauth-http.ts';
import { cancelled, type Discard, type PendingSignIn } from './sign-in.ts';

export interface LoopbackFlowDeps {
  clock: Clock;
  /** How long the listener waits for the browser (10 minutes unless a test says). */
  timeoutMs?: number;
  discard?: Discard;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${text}</p>`;

/**
 * The installed-app flow (RFC 8252 with PKCE, RFC 7636): a listener on 127.0.0.1 and a random
 * port receives the browser's redirect. The answer must carry the `state` this sign-in made
 * (another one is refused and the listener goes on waiting), and the code is exchanged with
 * the verifier only this process knows, so a code caught on the way is of no use.
 */
export async function startLoopbackFlow(
  config: OAuthConfig,
  deps: LoopbackFlowDeps,
): Promise<PendingSignIn> {
  if (!config.authorization_endpoint) {
    throw new OAuthError('invalid_request', 'no authorization endpoint');
  }
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const url = new URL(config.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', config.scopes.join(' '));
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');

  let settle!: { resolve(t: TokenSet): void; reject(e: unknown): void };
  const done = new Promise<TokenSet>((resolve, reject) => (settle = { resolve, reject }));
  done.catch(() => undefined);
  // Settled (cancelled, timed out, refused): tokens an exchange still brings are discarded.
  let over = false;
  const end = () => {
    over = true;
  };
  done.then(end, end);
  const timer = setTimeout(
    () =>
      settle.reject(
        new OAuthError('expired_token', 'sign-in was not finished in the browser in time'),
      ),
    deps.timeoutMs ?? 600_000,
  );
  timer.unref();
  let exchanging = false;
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const answer = (status: number, title: string, text: string) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(PAGE(title, text));
    };
    const q = new URL(req.url ?? '/', redirectUri);
    if (req.method !== 'GET' || q.pathname !== '/' || exchanging) {
      return answer(404, 'Not found', 'Nothing here.');
    }
    if (!sameText(q.searchParams.get('state') ?? '', state)) {
      return answer(
        400,
        'Not this sign-in',
        'This answer is not for the sign-in Ephemera started.',
      );
    }
    const error = q.searchParams.get('error');
    const code = q.searchParams.get('code');
    if (error || !code) {
      settle.reject(
        new OAuthError(
          error === 'access_denied' ? 'access_denied' : (error ?? 'invalid_request').slice(0, 64),
          'the provider did not grant access',
        ),
      );
      return answer(400, 'Not signed in', 'Access was not granted. You can close this tab.');
    }
    exchanging = true;
    const params = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    };
    requestTokens(config, params, deps.clock).then(
      (tokens) => {
        if (over) {
          deps.discard?.(tokens);
          return answer(
            400,
            'Not signed in',
            'This sign-in was cancelled. You can close this tab.',
          );
        }
        answer(200, 'Signed in', 'Ephemera is signed in. You can close this tab.');
        settle.resolve(tokens);
      },
      (err: unknown) => {
        answer(400, 'Not signed in', 'The provider refused the sign-in. You can close this tab.');
        settle.reject(err);
      },
    );
  });
  const close = () => {
    clearTimeout(timer);
    server.close();
    server.closeIdleConnections();
    // A browser holding a connection open does not keep the listener alive for long.
    setTimeout(() => server.closeAllConnections(), 1_000).unref();
  };
  // The page is answered before the listener closes (close waits for the open connection).
  done.then(close, close);
  return {
    answer: { flow: 'loopback', url: url.toString() },
    done,
    cancel: () => settle.reject(cancelled()),
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
