import type { OutboundResponse, ScopedClient } from '../../outbound/outbound-client.ts';
import { currentDiagnostics } from '../../diagnostics/diagnostics-scope.ts';
import { retryTransient, type RetryPolicy } from './retry.ts';

/** What every platform's requests go through: the scoped client, the task's signal, retries. */
export interface PlatformHttp {
  client: ScopedClient;
  signal: AbortSignal;
  retry: RetryPolicy;
}

/**
 * One GET with the platform's headers through the injected scoped client (which vets the host),
 * sent as a page (a browser's TLS and headers, see outbound/page-transport.ts), never following
 * redirects: each platform walks them itself so that no hop goes unchecked and
 * no hop's answer (a Location, a Set-Cookie) is lost. Retried while it fails transiently; `read`
 * turns the answer into a result and throws UpstreamStatusError for statuses worth another try.
 * Headers given as a function are built anew for every try (a cookie jar may have grown).
 */
export function getPage<T>(
  http: PlatformHttp,
  url: string,
  headers: Readonly<Record<string, string>> | (() => Record<string, string>),
  read: (res: OutboundResponse) => T | Promise<T>,
): Promise<T> {
  return retryTransient(
    async () => {
      const res = await http.client.fetch({
        url,
        headers: typeof headers === 'function' ? headers() : { ...headers },
        signal: http.signal,
        followRedirects: false,
        purpose: 'page',
      });
      currentDiagnostics()?.fetched('GET', res);
      try {
        return await read(res);
      } finally {
        // Whatever `read` left unread is drained (up to undici's small limit, then cut), so the
        // connection is freed; a 302's body or the first bytes of a video are all this touches.
        await res.body.dump().catch(() => undefined);
      }
    },
    http.signal,
    http.retry,
  );
}

/**
 * The body as UTF-8 text, refusing it once it passes `maxBytes` instead of buffering it: pages
 * are untrusted, and a real video page is a few hundred KiB. Leaving the loop by throwing
 * destroys the stream, so nothing more is read.
 */
export async function readCappedText(
  body: OutboundResponse['body'],
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    total += buf.length;
    if (total > maxBytes) throw tooLarge();
    chunks.push(buf);
  }
  currentDiagnostics()?.bodyRead(total);
  return Buffer.concat(chunks).toString('utf8');
}
