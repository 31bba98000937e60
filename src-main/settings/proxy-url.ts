/**
 * A proxy URL's password, apart from where the proxy is. The password is write-only: it is
 * given inside the URL (`http://user:pass@proxy:8080`), kept sealed in the database
 * (proxy-secret.ts), and the URL without it is what settings.json holds and the API answers.
 */

/** Scheme, then the user information up to the last `@` of the authority (as URL reads it). */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i;

export interface ProxyParts {
  /** The URL without its password (the user name stays: it says which account). */
  endpoint: string;
  /** The password as written in the URL (percent-encoded), or null. */
  password: string | null;
}

export function splitProxy(url: string): ProxyParts {
  const m = USERINFO.exec(url);
  const userinfo = m?.[2];
  if (!m || userinfo === undefined) return { endpoint: url, password: null };
  const colon = userinfo.indexOf(':');
  if (colon < 0) return { endpoint: url, password: null };
  const user = userinfo.slice(0, colon);
  const password = userinfo.slice(colon + 1);
  const rest = url.slice(m[0].length);
  const endpoint = `${m[1]}${user === '' ? '' : `${user}@`}${rest}`;
  return { endpoint, password: password === '' ? null : password };
}

export function withPassword(endpoint: string, password: string | null): string {
  if (password === null) return endpoint;
  const m = USERINFO.exec(endpoint);
  if (m) return `${m[1]}${m[2]}:${password}@${endpoint.slice(m[0].length)}`;
  return endpoint.replace(/^([a-z][a-z0-9+.-]*:\/\/)/i, `$1:${password}@`);
}

/** Same scheme, user name, host and port: where a stored password may still be sent. */
export function sameProxyEndpoint(a: string, b: string): boolean {
  try {
    const x = new URL(a);
    const y = new URL(b);
    return x.protocol === y.protocol && x.username === y.username && x.host === y.host;
  } catch {
    return false;
  }
}

/**
 * The proxy after a PATCH: a URL with a password is taken as it is; one without keeps the
 * stored password only when it names the same proxy and user (the form sends the URL it was
 * shown, which has no password); any other proxy gets none. null removes the proxy.
 */
export function nextProxy(current: string | null, given: string | null): string | null {
  if (given === null || current === null || splitProxy(given).password !== null) return given;
  const old = splitProxy(current);
  return old.password !== null && sameProxyEndpoint(old.endpoint, given)
    ? withPassword(given, old.password)
    : given;
}
