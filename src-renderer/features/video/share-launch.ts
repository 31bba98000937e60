/** The query a Web Share Target launch carries (the manifest's share_target.params). */
const SHARE_PARAMS = ['title', 'text', 'url'] as const;

let pending: string | null = null;

/**
 * Run once at start, before the first render: if the page was opened by the phone's share sheet
 * (`/share-target?text=…&url=…`, or any page with those parameters), keeps the shared text for
 * the paste box, and rewrites the address to the video screen without the query, so a reload
 * or a bookmark does not share again.
 */
export function readShareLaunch(location: Location = window.location): void {
  const query = new URLSearchParams(location.search);
  if (!SHARE_PARAMS.some((name) => query.has(name))) return;
  pending = sharedText(query);
  window.history.replaceState(window.history.state, '', '/#/video');
}

/** Text and link joined (apps put the link in either, or both); the title only if both are empty. */
export function sharedText(query: URLSearchParams): string | null {
  const text = (query.get('text') ?? '').trim();
  const url = (query.get('url') ?? '').trim();
  const parts = url !== '' && !text.includes(url) ? [text, url] : [text];
  const joined = parts.filter((part) => part !== '').join(' ');
  if (joined !== '') return joined;
  const title = (query.get('title') ?? '').trim();
  return title === '' ? null : title;
}

/** The shared text waiting for the paste box, if any. */
export function peekSharedText(): string | null {
  return pending;
}

/** The shared text, once: a later visit to the video screen starts empty. */
export function takeSharedText(): string | null {
  const text = pending;
  pending = null;
  return text;
}

/**
 * Whether this is the installed app (launched from the home screen or the share sheet). Only
 * then does a shared link start a grab by itself: any web page can open the URL in a browser
 * tab, but not in the installed app's window (docs/security.md).
 */
export function isInstalledApp(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches;
}
