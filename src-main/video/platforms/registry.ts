import type { Platform } from '../../../src-shared/video/schemas.ts';
import type { PlatformExtractor } from './platform.ts';

/** Which extractor serves which platform. The composition root fills it. */
export class PlatformRegistry {
  private readonly extractors = new Map<Platform, PlatformExtractor>();

  register(extractor: PlatformExtractor): this {
    this.extractors.set(extractor.platform, extractor);
    return this;
  }

  get(platform: Platform): PlatformExtractor | undefined {
    return this.extractors.get(platform);
  }
}
