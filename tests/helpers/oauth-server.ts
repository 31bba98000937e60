import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server answered, for tests that count or order them (never the secrets). */
export interface OAuthRequestLog {
  path: string;
  grant: string | null;
  error: string | null;
}

interface Grant {
  username: string;
  revoked: boolean;
}

interface DeviceCode {
  code: string;
  userCode: string;
  clientId: string;
  scope: string;
  state: 'pending' | 'approved' | 'denied' | 'expired' | 'used';
}

interface AuthCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  grant: Grant;
}

export interface OAuthServerOptions {
  /** The user every token belongs to (the Dovecot user). */
  username: string;
  /** Seconds between device polls the server asks for (default 1). */
  interval?: number;
  /** Lifetime of an access token in seconds (default 3600). */
  accessTtl?: number;
}

/**
 * A small OAuth 2.0 authorization server on 127.0.0.1 for the OAuth mail source tests: device
 * authorization (RFC 8628), authorization code with PKCE S256 (RFC 7636), refresh with rotation
 * (a used refresh token is dead), revocation (RFC 7009), and introspection (RFC 7662) for
 * Dovecot's oauth2 passdb. Tokens are random; the test decides through the hooks
 * (approveDevice, consent, revokeAll, ...) what a user at the provider would do.
 */
export class OAuthServer {
  readonly log: OAuthRequestLog[] = [];
  /** Every token handed out, so a test can grep logs for them. */
  readonly issued: string[] = [];
  accessTtl: number;
  interval: number;
  /** The next this many device polls answer slow_down. */
  slowDowns = 0;
  /** The next refresh answers this error instead (e.g. temporarily_unavailable → 503). */
  failNextRefresh: 'server_error' | null = null;
  /** How /revoke answers: as RFC 7009 says, a 503, or never (the request is held open). */
  revocation: 'ok' | 'unavailable' | 'hang' = 'ok';
  /**
   * New grants (a device code approved, a code exchanged) are issued but their answer is held
   * until releaseGrants(): the user finished at the provider just as the app cancelled.
   */
  holdGrants = false;
  private readonly held: (() => void)[] = [];
  /** What each revocation request said (never the token: whether it was one this server knew). */
  readonly revocations: { hint: string | null; clientId: string | null; known: boolean }[] = [];
  private readonly access = new Map<string, { grant: Grant; expiresAt: number }>();
  private readonly refresh = new Map<string, Grant>();
  private readonly devices = new Map<string, DeviceCode>();
  private readonly codes = new Map<string, AuthCode>();
  private server: http.Server;
  private port = 0;

  private constructor(private readonly options: OAuthServerOptions) {
    this.accessTtl = options.accessTtl ?? 3600;
    this.interval = options.interval ?? 1;
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  static async start(options: OAuthServerOptions): Promise<OAuthServer> {
    const s = new OAuthServer(options);
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    s.port = (s.server.address() as AddressInfo).port;
    return s;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get tokenEndpoint(): string {
    return `${this.url}/token`;
  }
  get deviceEndpoint(): string {
    return `${this.url}/devicecode`;
  }
  get authorizationEndpoint(): string {
    return `${this.url}/authorize`;
  }
  get revocationEndpoint(): string {
    return `${this.url}/revoke`;
  }
  get introspectionUrl(): string {
    return `${this.url}/introspect`;
  }

  /** The user typed the code at the verification page and allowed access. */
  approveDevice(userCode?: string): void {
    this.lastDevice(userCode).state = 'approved';
  }
  denyDevice(): void {
    this.lastDevice().state = 'denied';
  }
  expireDevice(): void {
    this.lastDevice().state = 'expired';
  }

  /**
   * The user's browser at the authorization URL: the server checks it, answers a redirect to
   * the app's loopback listener with a code (and `state`, unless the test replaces it), and the
   * browser follows it. The listener's answer is returned.
   */
  async consent(url: string, tamper: { state?: string } = {}): Promise<Response> {
    const res = await fetch(url, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}`);
    const back = new URL(location);
    if (tamper.state !== undefined) back.searchParams.set('state', tamper.state);
    return fetch(back);
  }

  /** The user withdrew the app's access: every token of every grant stops working. */
  revokeAll(): void {
    for (const grant of this.refresh.values()) grant.revoked = true;
    for (const { grant } of this.access.values()) grant.revoked = true;
  }

  get heldGrants(): number {
    return this.held.length;
  }

  releaseGrants(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  /** Access tokens issued so far are expired (refresh tokens still work). */
  expireAccessTokens(): void {
    for (const entry of this.access.values()) entry.expiresAt = 0;
  }

  count(grant: string): number {
    return this.log.filter((l) => l.grant === grant).length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private lastDevice(userCode?: string): DeviceCode {
    const all = [...this.devices.values()].filter((d) => d.state === 'pending');
    const found = userCode ? all.find((d) => d.userCode === userCode) : all.at(-1);
    if (!found) throw new Error('no pending device code');
    return found;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const entry: OAuthRequestLog = {
      path: url.pathname,
      grant: form.get('grant_type'),
      error: null,
    };
    this.log.push(entry);
    const send = (status: number, body: unknown) => {
      if (status >= 400) entry.error = (body as { error?: string }).error ?? String(status);
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/devicecode':
        return send(200, this.deviceAuthorization(form));
      case '/authorize':
        return this.authorize(url.searchParams, res);
      case '/token':
        return this.token(form, send);
      case '/revoke':
        if (this.revocation === 'hang') return;
        if (this.revocation === 'unavailable')
          return send(503, { error: 'temporarily_unavailable' });
        this.revocations.push({
          hint: form.get('token_type_hint'),
          clientId: form.get('client_id'),
          known: this.revoke(form.get('token') ?? ''),
        });
        return send(200, {});
      case '/introspect':
        return send(200, this.introspect(form.get('token') ?? ''));
      default:
        return send(404, { error: 'not_found' });
    }
  }

  private deviceAuthorization(form: URLSearchParams) {
    const code = token('dc');
    const userCode = randomBytes(4).toString('hex').toUpperCase();
    this.devices.set(code, {
      code,
      userCode,
      clientId: form.get('client_id') ?? '',
      scope: form.get('scope') ?? '',
      state: 'pending',
    });
    return {
      device_code: code,
      user_code: userCode,
      verification_uri: `${this.url}/devicelogin`,
      expires_in: 900,
      interval: this.interval,
    };
  }

  private authorize(q: URLSearchParams, res: http.ServerResponse): void {
    const redirect = q.get('redirect_uri') ?? '';
    const ok =
      q.get('response_type') === 'code' &&
      q.get('code_challenge_method') === 'S256' &&
      /^http:\/\/127\.0\.0\.1:\d+\//.test(redirect) &&
      (q.get('code_challenge') ?? '').length >= 43 &&
      q.get('client_id');
    if (!ok) {
      res.writeHead(400).end('bad authorization request');
      return;
    }
    const code = token('ac');
    this.codes.set(code, {
      clientId: q.get('client_id') ?? '',
      redirectUri: redirect,
      challenge: q.get('code_challenge') ?? '',
      grant: { username: this.options.username, revoked: false },
    });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.toString() }).end();
  }

  private token(form: URLSearchParams, send: (status: number, body: unknown) => void): void {
    const fail = (error: string, status = 400) => send(status, { error });
    switch (form.get('grant_type') ?? '') {
      case 'urn:ietf:params:oauth:grant-type:device_code': {
        const device = this.devices.get(form.get('device_code') ?? '');
        if (!device || device.clientId !== form.get('client_id')) return fail('invalid_grant');
        if (this.slowDowns > 0 && device.state === 'pending') {
          this.slowDowns--;
          return fail('slow_down');
        }
        if (device.state === 'pending') return fail('authorization_pending');
        if (device.state === 'denied') return fail('access_denied');
        if (device.state === 'expired') return fail('expired_token');
        if (device.state === 'used') return fail('invalid_grant');
        device.state = 'used';
        return this.grant(send, this.issue({ username: this.options.username, revoked: false }));
      }
      case 'authorization_code': {
        const code = this.codes.get(form.get('code') ?? '');
        this.codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !code ||
          code.clientId !== form.get('client_id') ||
          code.redirectUri !== form.get('redirect_uri') ||
          code.challenge !== challenge
        ) {
          return fail('invalid_grant');
        }
        return this.grant(send, this.issue(code.grant));
      }
      case 'refresh_token': {
        if (this.failNextRefresh) {
          this.failNextRefresh = null;
          return fail('server_error', 503);
        }
        const old = form.get('refresh_token') ?? '';
        const grant = this.refresh.get(old);
        // Rotation: a refresh token works once.
        this.refresh.delete(old);
        if (!grant || grant.revoked) return fail('invalid_grant');
        return send(200, this.issue(grant));
      }
      default:
        return fail('unsupported_grant_type');
    }
  }

  private grant(send: (status: number, body: unknown) => void, body: unknown): void {
    if (this.holdGrants) this.held.push(() => send(200, body));
    else send(200, body);
  }

  private issue(grant: Grant) {
    const access = token('at');
    const refresh = token('rt');
    this.access.set(access, { grant, expiresAt: Date.now() + this.accessTtl * 1000 });
    this.refresh.set(refresh, grant);
    this.issued.push(access, refresh);
    return {
      token_type: 'Bearer',
      access_token: access,
      refresh_token: refresh,
      expires_in: this.accessTtl,
      scope: 'imap',
    };
  }

  private revoke(value: string): boolean {
    const grant = this.refresh.get(value) ?? this.access.get(value)?.grant;
    if (grant) grant.revoked = true;
    return grant !== undefined;
  }

  private introspect(value: string) {
    const entry = this.access.get(value);
    const active = !!entry && !entry.grant.revoked && entry.expiresAt > Date.now();
    return active ? { active: true, username: entry.grant.username } : { active: false };
  }
}

function token(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}
