import type { Platform } from '../../../../src-shared/video/schemas.ts';
import type { PlatformExtractor, ResolvedPost } from '../platform.ts';
import type { PlatformHttp } from './page-fetch.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.ts';

/** What a platform brings to the kit: its name, hosts, agent, and how it resolves a link. */
export interface ExtractorSpec {
  platform: Platform;
  /** The User-Agent its requests carry unless a request sets its own. */
  userAgent: string;
  ownsHost: (host: string) => boolean;
  resolve(link: URL, http: PlatformHttp): Promise<ResolvedPost>;
}

/** What the composition root (or a test) may tune on any extractor. */
export interface ExtractorOptions {
  /** Tries per request and the first back-off (default 3 tries, 1 s); tests shorten the wait. */
  retry?: RetryPolicy;
}

/** A platform's `create…Extractor`: the spec, with the options applied when it is called. */
export function extractorFactory(
  spec: ExtractorSpec,
): (options?: ExtractorOptions) => PlatformExtractor {
  return (options = {}) => platformExtractor(spec, options);
}

/**
 * Builds an extractor from a platform's spec, so that every platform hands its resolver the
 * same PlatformHttp (the task's scoped client and signal, and the retry policy) and none of them
 * wires the runner's context by hand.
 */
export function platformExtractor(
  spec: ExtractorSpec,
  options: ExtractorOptions = {},
): PlatformExtractor {
  const retry = options.retry ?? DEFAULT_RETRY;
  return {
    platform: spec.platform,
    userAgent: spec.userAgent,
    ownsHost: spec.ownsHost,
    resolve: (link, ctx) => spec.resolve(link, { client: ctx.http, signal: ctx.signal, retry }),
  };
}
