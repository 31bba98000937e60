import { PlatformRegistry } from './registry.ts';

/**
 * The extractors a normal start uses. The real Douyin, TikTok and Kuaishou extractors register
 * here; until they land, tasks for a platform without one fail with error_code `unsupported`.
 */
export function createDefaultRegistry(): PlatformRegistry {
  return new PlatformRegistry();
}
