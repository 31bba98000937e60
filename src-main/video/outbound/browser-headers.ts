/**
 * The headers a page request carries, in the order and with the values of the browser whose TLS
 * and HTTP/2 fingerprint impit presents for it. impit puts any header it is given before the
 * profile's own, so a request that set only a Referer would start with it, which no browser does;
 * the whole list is therefore written here, in the browser's order, and the profile's defaults are
 * only used for what is not listed. tests/unit/video/outbound/browser-headers.test.ts checks the
 * values below against what impit sends on its own, so an impit upgrade that changes them shows.
 */

/** The impit profiles Ephemera speaks with; each is the newest of its family in impit 0.14. */
export type BrowserFamily = 'chrome' | 'safari' | 'firefox';

export const IMPIT_PROFILE = {
  chrome: 'chrome151',
  safari: 'ios18',
  firefox: 'firefox144',
} as const satisfies Record<BrowserFamily, string>;

/** The major version of the Chrome that the `chrome` profile's TLS hello belongs to. */
export const CHROME_MAJOR = 151;

/** Which browser a User-Agent names: iPhone/iPad Safari, Firefox, else Chrome (or unknown). */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent) && !/CriOS|FxiOS/.test(userAgent)) return 'safari';
  if (/\bFirefox\//.test(userAgent)) return 'firefox';
  return 'chrome';
}

type Kind = 'document' | 'fetch';

/** One header of a template: its value, or null when it is filled (or left out) per request. */
type Template = readonly (readonly [string, string | null])[];

const CHROME_DOCUMENT_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';

/** Chrome's navigation order; `referer` and `cookie` sit where Chrome puts them. */
const CHROME: Template = [
  ['sec-ch-ua', null],
  ['sec-ch-ua-mobile', null],
  ['sec-ch-ua-platform', null],
  ['upgrade-insecure-requests', '1'],
  ['user-agent', null],
  ['accept', CHROME_DOCUMENT_ACCEPT],
  ['sec-fetch-site', null],
  ['sec-fetch-mode', null],
  ['sec-fetch-user', '?1'],
  ['sec-fetch-dest', null],
  ['referer', null],
  ['accept-encoding', 'gzip, deflate, br, zstd'],
  ['accept-language', 'en-US,en;q=0.9'],
  ['cookie', null],
  ['priority', null],
];

const SAFARI: Template = [
  ['user-agent', null],
  ['accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
  ['sec-fetch-site', null],
  ['sec-fetch-mode', null],
  ['sec-fetch-dest', null],
  ['referer', null],
  ['accept-language', 'en-US,en;q=0.9'],
  ['priority', null],
  ['accept-encoding', 'gzip, deflate, br, zstd'],
  ['cookie', null],
];

const FIREFOX: Template = [
  ['user-agent', null],
  ['accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
  ['accept-language', 'en-US,en;q=0.5'],
  ['accept-encoding', 'gzip, deflate, br, zstd'],
  ['referer', null],
  ['upgrade-insecure-requests', '1'],
  ['sec-fetch-dest', null],
  ['sec-fetch-mode', null],
  ['sec-fetch-site', null],
  ['sec-fetch-user', '?1'],
  ['cookie', null],
  ['priority', null],
  ['te', 'trailers'],
];

const TEMPLATES: Readonly<Record<BrowserFamily, Template>> = {
  chrome: CHROME,
  safari: SAFARI,
  firefox: FIREFOX,
};

/** Headers only a navigation sends; a fetch() from the page leaves them out. */
const NAVIGATION_ONLY = new Set(['upgrade-insecure-requests', 'sec-fetch-user']);
/** Headers the transport owns: Host and the connection are impit's business. */
const DROPPED = new Set(['host', 'connection']);
/** impit decodes exactly the encodings its profile offers, so the profile's value always wins. */
const TRANSPORT_OWNED = new Set(['accept-encoding']);
/** Template entries that are not profile defaults (impit would send an empty one if given). */
const NOT_IN_PROFILE = new Set(['referer', 'cookie']);

/**
 * The ordered header list for one page request. `given` is what the extractor set (lower-case
 * names, a User-Agent among them): its values win, its extra headers follow the template. A
 * request that does not accept HTML is sent as the page's own fetch() would be (cors, empty).
 */
export function browserHeaders(
  family: BrowserFamily,
  url: URL,
  given: Readonly<Record<string, string>>,
): [string, string][] {
  const kind: Kind = /text\/html/.test(given.accept ?? 'text/html') ? 'document' : 'fetch';
  const userAgent = given['user-agent'] ?? '';
  const chromeLike = family === 'chrome' && /\bChrome\/\d+/.test(userAgent);
  const computed: Record<string, string | undefined> = {
    'user-agent': family === 'chrome' ? chromeUserAgent(userAgent) : userAgent,
    'sec-fetch-site': fetchSite(url, given.referer),
    'sec-fetch-mode': kind === 'document' ? 'navigate' : 'cors',
    'sec-fetch-dest': kind === 'document' ? 'document' : 'empty',
    priority: kind === 'document' ? 'u=0, i' : 'u=1, i',
    ...(chromeLike ? clientHints(userAgent) : {}),
  };
  const out: [string, string][] = [];
  const placed = new Set<string>();
  for (const [name, fixed] of TEMPLATES[family]) {
    placed.add(name);
    if (kind === 'fetch' && NAVIGATION_ONLY.has(name)) continue;
    if (name.startsWith('sec-ch-') && !chromeLike) continue;
    const value = TRANSPORT_OWNED.has(name)
      ? fixed
      : name === 'user-agent'
        ? computed[name]
        : (given[name] ?? computed[name] ?? fixed);
    if (value !== null && value !== undefined) out.push([name, value]);
  }
  for (const [name, value] of Object.entries(given)) {
    if (!placed.has(name) && !DROPPED.has(name) && !TRANSPORT_OWNED.has(name)) {
      out.push([name, value]);
    }
  }
  return out;
}

/**
 * Names the profile sets but the list above left out on purpose (client hints for an agent that
 * is not Chrome, navigation headers of a fetch): impit removes a header given an empty value.
 */
export function suppressedHeaders(
  family: BrowserFamily,
  sent: readonly [string, string][],
): [string, string][] {
  const names = new Set(sent.map(([name]) => name));
  return TEMPLATES[family]
    .map(([name]) => name)
    .filter((name) => !names.has(name) && !NOT_IN_PROFILE.has(name))
    .map((name) => [name, ''] as [string, string]);
}

/** A Chrome User-Agent names the Chrome whose hello is sent; other agents pass unchanged. */
function chromeUserAgent(userAgent: string): string {
  return userAgent.replace(/\bChrome\/\d+(?:\.\d+){0,3}/, `Chrome/${CHROME_MAJOR}.0.0.0`);
}

/** The low-entropy client hints Chrome sends with every request, matching the User-Agent. */
function clientHints(userAgent: string): Record<string, string> {
  const mobile = /\bMobile\b/.test(userAgent);
  let platform = 'Windows';
  if (/Android/.test(userAgent)) platform = 'Android';
  else if (/Macintosh|Mac OS X/.test(userAgent)) platform = 'macOS';
  else if (/CrOS/.test(userAgent)) platform = 'Chrome OS';
  else if (/Linux/.test(userAgent)) platform = 'Linux';
  return {
    'sec-ch-ua': `"Not=A?Brand";v="99", "Google Chrome";v="${CHROME_MAJOR}", "Chromium";v="${CHROME_MAJOR}"`,
    'sec-ch-ua-mobile': mobile ? '?1' : '?0',
    'sec-ch-ua-platform': `"${platform}"`,
  };
}

/** What Sec-Fetch-Site a browser sends for a request made from `referer` (none: typed in). */
function fetchSite(url: URL, referer: string | undefined): string {
  if (!referer) return 'none';
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return 'cross-site';
  }
  if (from.origin === url.origin) return 'same-origin';
  const site = (host: string) => host.split('.').slice(-2).join('.');
  return site(from.hostname) === site(url.hostname) ? 'same-site' : 'cross-site';
}
