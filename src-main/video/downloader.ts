import { once } from 'node:events';
import fs from 'node:fs';
import { Transform, type TransformCallback, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ScopedClient } from './outbound/outbound-client.ts';
import type { MediaSource } from './platforms/platform.ts';

/** The upstream answered with a status that is not a file. */
export class UpstreamStatusError extends Error {
  constructor(
    readonly statusCode: number,
    readonly url: string,
  ) {
    super(`HTTP ${statusCode} from ${new URL(url).host}`);
    this.name = 'UpstreamStatusError';
  }
}

/** The file is larger than the limit (by Content-Length or by the bytes actually received). */
export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

/** The body ended before Content-Length bytes arrived. */
export class TruncatedError extends Error {
  constructor(received: number, expected: number) {
    super(`The connection closed after ${received} of ${expected} bytes`);
    this.name = 'TruncatedError';
  }
}

export interface DownloadRequest {
  http: ScopedClient;
  source: MediaSource;
  /** Final path; the bytes go to `partPath` first and are renamed on success. */
  path: string;
  partPath: string;
  maxBytes: number;
  signal: AbortSignal;
  onProgress?: (downloaded: number, total: number | null) => void;
  /** Opens the file the bytes go to; tests pass one that fails like a full disk. */
  openFile?: OpenFile;
}

/** Opens a file for writing, as fs.createWriteStream does. */
export type OpenFile = (path: string) => Writable;

// 0600: the umask can only narrow it; other accounts never read a user's videos.
const openWriteStream: OpenFile = (path) => fs.createWriteStream(path, { mode: 0o600 });

export interface DownloadResult {
  size: number;
  contentType: string | null;
}

/**
 * Streams one file to disk, never holding more than a chunk in memory. A failed or aborted
 * download leaves no file behind.
 */
export async function downloadToFile(req: DownloadRequest): Promise<DownloadResult> {
  try {
    const res = await req.http.fetch({
      url: req.source.url,
      headers: req.source.headers,
      signal: req.signal,
    });
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => undefined);
      throw new UpstreamStatusError(res.statusCode, res.url);
    }
    const declared = parseLength(res.headers['content-length']);
    if (declared !== null && declared > req.maxBytes) {
      // Destroying an unread body makes undici emit an abort error; nobody reads it any more.
      res.body.on('error', () => undefined).destroy();
      throw new TooLargeError(req.maxBytes);
    }
    const counter = new ByteCounter(req.maxBytes, declared, req.onProgress);
    const file = (req.openFile ?? openWriteStream)(req.partPath);
    // A write that fails (a full disk) also stops the body short; that is not a network fault.
    let writeFailed = false;
    file.once('error', () => {
      writeFailed = true;
    });
    try {
      await pipeline(res.body, counter, file, { signal: req.signal });
    } catch (err) {
      // undici reports a body that stops short as a socket error; say what really happened.
      // Decided now: pipeline's destroy of the file re-emits this error on it a tick later.
      const short = declared !== null && counter.bytes < declared && !req.signal.aborted;
      const truncated = short && !writeFailed && !(err instanceof TooLargeError);
      // A file stream destroyed before its open finished still creates the file afterwards:
      // wait for the close so the rm below finds it.
      if (!file.closed) await once(file, 'close').catch(() => undefined);
      if (truncated) throw new TruncatedError(counter.bytes, declared);
      throw err;
    }
    if (declared !== null && counter.bytes !== declared) {
      throw new TruncatedError(counter.bytes, declared);
    }
    fs.renameSync(req.partPath, req.path);
    const type = res.headers['content-type'];
    return { size: counter.bytes, contentType: typeof type === 'string' ? type : null };
  } catch (err) {
    fs.rmSync(req.partPath, { force: true });
    throw err;
  }
}

function parseLength(value: string | string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** Counts bytes as they pass, reports progress and stops the stream past the limit. */
class ByteCounter extends Transform {
  bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly total: number | null,
    private readonly onProgress?: (downloaded: number, total: number | null) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(new TooLargeError(this.limit));
    this.onProgress?.(this.bytes, this.total);
    done(null, chunk);
  }
}
