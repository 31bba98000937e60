import { CookieJar } from '../kit/cookie-jar.ts';
import { ownsTiktokHost } from './tiktok-hosts.ts';

/**
 * TikTok hands out `tt_chain_token` (and others) on the short-link and page answers, and its CDN
 * refuses the video without them (HTTP 403), so every hop stores what it is given and every
 * later request carries what matches; only cookies for TikTok's own domains are kept.
 */
export class TiktokCookieJar extends CookieJar {
  constructor(now: () => number = Date.now) {
    super(ownsTiktokHost, now);
  }
}
