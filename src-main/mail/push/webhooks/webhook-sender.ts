import type { Dispatcher } from 'undici';
import { lazyDispatcher, loadUndici } from '../../../core/undici.ts';

/** What one POST came to: a 2xx is delivered; anything else is a failure with words. */
export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
}

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Ends the try early (the app is stopping). */
  signal?: AbortSignal;
}

export type WebhookPost = (req: PostRequest) => Promise<SendOutcome>;

export interface SenderOptions {
  timeoutMs: number;
  /** Reply bytes read; the rest is not read (the connection is closed instead). */
  replyBytes: number;
  userAgent: string;
}

/**
 * POSTs events straight to the endpoint (no proxy: targets are usually on this machine or the
 * LAN, and only the local user sets them). undici's `request` never follows a redirect, so a
 * 3xx is a failure like any other non-2xx; one deadline covers connect, headers and the reply,
 * of which only the first `replyBytes` are read.
 */
export function createSender(options: SenderOptions): {
  post: WebhookPost;
  close(): Promise<void>;
} {
  // Made on the first POST, so undici loads then (core/undici.ts).
  const agent = lazyDispatcher(
    ({ Agent }) =>
      new Agent({
        connect: { timeout: options.timeoutMs },
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connections: 4,
      }),
  );
  const post: WebhookPost = async (req) => {
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = req.signal ? AbortSignal.any([deadline, req.signal]) : deadline;
    try {
      const [{ request }, dispatcher] = await Promise.all([loadUndici(), agent.get()]);
      const res = await request(req.url, {
        dispatcher,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent,
          ...req.headers,
        },
        body: req.body,
        signal,
      });
      await readCapped(res.body, options.replyBytes);
      return { statusCode: res.statusCode, error: statusError(res.statusCode) };
    } catch (err) {
      return { statusCode: null, error: describeError(err, deadline, options.timeoutMs) };
    }
  };
  return { post, close: () => agent.close() };
}

function statusError(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `Redirect (HTTP ${status}) not followed.`;
  return `The endpoint answered HTTP ${status}.`;
}

/** Reads at most `cap` bytes of a reply, then drops the rest (closing the connection). */
async function readCapped(body: Dispatcher.ResponseData['body'], cap: number): Promise<void> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += (chunk as Buffer).length;
      if (read >= cap) break;
    }
  } catch {
    // The status decided already; a reply that breaks off changes nothing.
  } finally {
    if (!body.destroyed) body.destroy();
  }
}

/** The error of a try that got no status, in words for the deliveries list. */
function describeError(err: unknown, deadline: AbortSignal, timeoutMs: number): string {
  if (deadline.aborted) return `No answer within ${timeoutMs / 1000} s.`;
  const code = errorCode(err) ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return 'Connection refused.';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Host not found.';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'The connection was closed before an answer.';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
      return `No answer within ${timeoutMs / 1000} s.`;
    case 'UND_ERR_INVALID_ARG':
      return 'The URL cannot be requested.';
    default:
      if (code.includes('CERT')) {
        return 'The certificate is not trusted.';
      }
      return err instanceof Error ? `Request failed: ${err.message}` : 'Request failed.';
  }
}

function errorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as Error & { cause?: unknown }).cause;
  }
  return undefined;
}
