/**
 * The links that sign a browser in: `<base>/#/pair?code=…` (the QR code of Phone → Pair a
 * phone) and `<base>/#/sign-in?code=…` (printed at a headless start, opened by the desktop's
 * "Open in browser"). They carry a one-time code, never a key: the page exchanges it once by POST
 * (pairing.ts) and it dies after use or 10 minutes, so the browser's history keeps nothing
 * useful. The code is after `#`, so it is never sent to the server nor in a Referer either.
 */

const ROUTES = ['#/pair', '#/sign-in'] as const;
/** What the server makes: 16 random bytes in base64url (22 characters). */
const CODE_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** The pairing link for one-time `code` on the server at `baseUrl`. */
export function pairLink(baseUrl: string, code: string): string {
  const params = new URLSearchParams({ code });
  return `${baseUrl.replace(/\/+$/, '')}/#/pair?${params.toString()}`;
}

export type PairFragment =
  | { ok: true; code: string }
  /**
   * A sign-in link whose code is missing or garbled, or (`legacy`) an old pairing link that
   * carried the key itself: it is not used, only taken out of the address bar.
   */
  | { ok: false; legacy: boolean };

/** What a URL hash holds: null when it is not a sign-in or pairing link at all. */
export function readPairFragment(hash: string): PairFragment | null {
  const route = ROUTES.find(
    (r) => hash === r || hash.startsWith(`${r}?`) || hash.startsWith(`${r}/`),
  );
  if (route === undefined) return null;
  const query = hash.indexOf('?');
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query < 0 ? '' : hash.slice(query + 1));
  } catch {
    return { ok: false, legacy: false };
  }
  if (params.has('key')) return { ok: false, legacy: true };
  const codes = params.getAll('code');
  const code = codes.length === 1 ? (codes[0] ?? '').trim() : '';
  return CODE_SHAPE.test(code) ? { ok: true, code } : { ok: false, legacy: false };
}
