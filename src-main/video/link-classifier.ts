import { isIP } from 'node:net';
import { canonicalHost } from './outbound/host-name.ts';
import type { LinkErrorType } from '../../src-shared/api/errors.ts';
import { PlatformSchema, type Platform } from '../../src-shared/video/schemas.ts';
import { GALLERY_PATHS, SHARE_LINK_DOMAINS, hostMatches } from './platforms/link-hosts.ts';

export type LinkClassification =
  { ok: true; platform: Platform; url: URL } | { ok: false; type: LinkErrorType; message: string };

/**
 * Decides which platform a pasted link belongs to and whether it can be a single video.
 * Anything but a platform's own public host on the default port is refused here, before any
 * network access: IP literals, loopback, private names and foreign hosts alike.
 */
export function classifyLink(raw: string): LinkClassification {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return unsupported('The link is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return unsupported('Only http(s) links are accepted');
  }
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) {
    return unsupported('Links to IP addresses are not accepted');
  }
  if (url.port !== '') return unsupported('Links with an explicit port are not accepted');
  const host = canonicalHost(url);
  if (host === null) return unsupported(`${url.hostname} is not a valid host name`);
  // Fetched under the name that was checked: `v.douyin.com.` becomes `v.douyin.com`.
  url.hostname = host;
  const platform = PlatformSchema.options.find((p) => hostMatches(host, SHARE_LINK_DOMAINS[p]));
  if (!platform) {
    return unsupported(`${host} is not a Douyin, TikTok or Kuaishou link`);
  }
  if (GALLERY_PATHS[platform].some((re) => re.test(url.pathname))) {
    return {
      ok: false,
      type: 'not_single_video',
      message: 'The link is a gallery or image post, not a single video',
    };
  }
  url.username = '';
  url.password = '';
  return { ok: true, platform, url };
}

function unsupported(message: string): LinkClassification {
  return { ok: false, type: 'platform_unsupported', message };
}
