import { hostMatcher, type DomainList } from '../link-hosts.ts';

/**
 * Registrable domains the TikTok extractor may fetch, each with all its subdomains. Every entry
 * widens what a TikTok page (or a redirect) can make Ephemera contact, so each one is here for a
 * reason:
 * - `tiktok.com`: share links (vm., vt., www./t/), video pages and the `v16/v19-webapp-prime`
 *   video CDN;
 * - `tiktokv.com`: `www.tiktokv.com/share/video/<id>` links;
 * - `tiktokcdn.com`, `tiktokcdn-us.com`: cover and avatar images (`p16-sign-*.tiktokcdn.com` in
 *   the real sample), which the US data region serves from its own domain;
 * - `tiktokcdn-eu.com`, `tiktokv.us`: the EU region's CDN (`v15m.tiktokcdn-eu.com` video URLs)
 *   and the US region's service domain, both TikTok's and both accepted by other public
 *   downloaders' media allowlists (docs/platforms/tiktok.md "Hosts");
 * - `muscdn.com`, `ibytedtos.com`, `ibyteimg.com`: ByteDance's older CDN and object-storage
 *   domains that image and media URLs of older posts still name.
 */
export const TIKTOK_DOMAINS: DomainList = [
  'tiktok.com',
  'tiktokv.com',
  'tiktokcdn.com',
  'tiktokcdn-us.com',
  'tiktokcdn-eu.com',
  'tiktokv.us',
  'muscdn.com',
  'ibytedtos.com',
  'ibyteimg.com',
];

export const ownsTiktokHost = hostMatcher(TIKTOK_DOMAINS);

/** Where the video pages live and what the CDN expects as Referer. */
export const TIKTOK_ORIGIN = 'https://www.tiktok.com';
export const TIKTOK_REFERER = 'https://www.tiktok.com/';

/**
 * A current desktop Chrome. TikTok serves the page with the universal data to desktop browsers;
 * a mobile or unknown agent gets other markup. It is the Chrome whose TLS hello the page
 * transport presents (outbound/browser-headers.ts), so pages and media name the same browser.
 */
export const TIKTOK_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36';

/**
 * The same agent cut before ` Chrome/…`, as cobalt sends it to short links so that they answer
 * with a plain redirect rather than a script page.
 */
export const SHORT_LINK_USER_AGENT = TIKTOK_USER_AGENT.slice(
  0,
  TIKTOK_USER_AGENT.indexOf(' Chrome/'),
);

/**
 * An iPhone Safari, for the mobile page (`m.tiktok.com/v/<id>.html`) asked when the desktop page
 * is a stub: the page transport presents the matching iOS TLS profile for it
 * (outbound/browser-headers.ts), so the phone is consistent from hello to headers.
 */
export const MOBILE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
