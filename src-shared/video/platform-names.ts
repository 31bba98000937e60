import type { Platform } from './schemas.ts';

/** How each platform is named to people, in messages and the UI. */
export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  douyin: 'Douyin',
  tiktok: 'TikTok',
  kuaishou: 'Kuaishou',
};
