/**
 * Which proxy a request to `url` goes through, by the rules undici's EnvHttpProxyAgent applies
 * to media requests, so that pages and media take the same road: the configured proxy, else
 * HTTPS_PROXY (https) or HTTP_PROXY (http, and https when HTTPS_PROXY is unset), each in either
 * case; NO_PROXY (a list of names, `.suffix` or `*.suffix`, optional `:port`, or `*`) exempts a
 * host whichever proxy was chosen. null means a direct connection.
 */
export function proxyFor(
  url: URL,
  configured: string | null,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const httpProxy = configured ?? env.HTTP_PROXY ?? env.http_proxy ?? null;
  const httpsProxy = configured ?? env.HTTPS_PROXY ?? env.https_proxy ?? httpProxy;
  const proxy = url.protocol === 'https:' ? httpsProxy : httpProxy;
  if (!proxy) return null;
  return exempt(url, env.NO_PROXY ?? env.no_proxy ?? '') ? null : proxy;
}

function exempt(url: URL, noProxy: string): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const match = /^(.*?)(?::(\d+))?$/.exec(entry);
    const name = (match?.[1] ?? '').replace(/^\*?\./, '');
    if (match?.[2] && match[2] !== port) continue;
    if (name && (host === name || host.endsWith(`.${name}`))) return true;
  }
  return false;
}
