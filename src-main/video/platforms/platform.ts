import type { Platform, TaskErrorCode } from '../../../src-shared/video/schemas.ts';
import type { ScopedClient } from '../outbound/outbound-client.ts';

/** A media file as the platform serves it: where to fetch it and with which headers. */
export interface MediaSource {
  url: string;
  headers?: Record<string, string>;
  /**
   * This file's picture size when the platform lists it per file: a post's mirrors may be
   * renditions of different sizes, and the task reports the one it downloaded.
   */
  width?: number | null;
  height?: number | null;
}

/** What an extractor learns about one shared post, without downloading it. */
export interface ResolvedPost {
  /** The platform's own id of the post. */
  id: string;
  kind: 'video' | 'gallery';
  title: string | null;
  author: string | null;
  /** Equivalent mirrors of the video, best first; the downloader tries them in order. */
  media: MediaSource[];
  cover: MediaSource | null;
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
}

/** Everything an extractor may use: its scoped HTTP client and the task's abort signal. */
export interface ResolveContext {
  http: ScopedClient;
  signal: AbortSignal;
}

/** One platform's extractor. It owns a set of hosts; the client fetches nothing else for it. */
export interface PlatformExtractor {
  readonly platform: Platform;
  /** True for every host this extractor may fetch: share pages, APIs and media CDNs. */
  ownsHost(host: string): boolean;
  /** The User-Agent its requests carry unless a request sets its own. */
  readonly userAgent: string;
  resolve(link: URL, ctx: ResolveContext): Promise<ResolvedPost>;
}

/** A failure the platform caused, with the sentence a user reads and whether a retry may help. */
export class PlatformError extends Error {
  constructor(
    readonly code: TaskErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}
