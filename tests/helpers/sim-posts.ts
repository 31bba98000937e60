import type { Platform } from '../../src-shared/video/schemas.ts';
import type { PlatformSim, SimMedia, SimPost } from '../fixtures/platform-sim/sim-server.ts';

let counter = 0;

const SHARE_HOSTS: Record<Platform, { share: string; cdn: string }> = {
  douyin: { share: 'https://v.douyin.com', cdn: 'https://v3-dy-o.douyinvod.com' },
  tiktok: { share: 'https://vm.tiktok.com', cdn: 'https://v16-webapp.tiktokcdn.com' },
  kuaishou: { share: 'https://v.kuaishou.com', cdn: 'https://txmov2.a.kwaicdn.com' },
};

export interface PublishedVideo {
  shareUrl: string;
  mediaUrl: string;
  coverUrl: string;
  post: SimPost;
}

/**
 * Publishes one video on the simulator: a share link that redirects to a post document, the
 * media file on the platform's CDN and a JPEG cover.
 */
export function publishVideo(
  sim: PlatformSim,
  media: SimMedia,
  post: Partial<SimPost> = {},
  platform: Platform = 'douyin',
): PublishedVideo {
  const n = ++counter;
  const hosts = SHARE_HOSTS[platform];
  const shareUrl = `${hosts.share}/s${n}x/`;
  const postUrl = `${hosts.share}/post/${n}`;
  const mediaUrl = `${hosts.cdn}/media/${n}.mp4`;
  const coverUrl = `${hosts.cdn}/cover/${n}.jpg`;
  const full: SimPost = {
    id: String(7_500_000_000_000_000_000 + n),
    kind: 'video',
    title: `Video ${n}`,
    author: 'Sim Author',
    media: [mediaUrl],
    cover: coverUrl,
    duration: 12.5,
    width: 1080,
    height: 1920,
    ...post,
  };
  sim.redirect(shareUrl, postUrl).post(postUrl, full).file(mediaUrl, media);
  sim.file(coverUrl, {
    bytes: Buffer.from('\xff\xd8\xff\xe0fake-jpeg', 'latin1'),
    contentType: 'image/jpeg',
  });
  return { shareUrl, mediaUrl, coverUrl, post: full };
}
