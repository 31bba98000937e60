import { createDouyinExtractor } from './douyin/douyin-extractor.ts';
import { createKuaishouExtractor } from './kuaishou/kuaishou-extractor.ts';
import { PlatformRegistry } from './registry.ts';
import { createTiktokExtractor } from './tiktok/tiktok-extractor.ts';

/** The extractors a normal start (and `cli probe`) uses: one per supported platform. */
export function createDefaultRegistry(): PlatformRegistry {
  return new PlatformRegistry()
    .register(createDouyinExtractor())
    .register(createTiktokExtractor())
    .register(createKuaishouExtractor());
}
