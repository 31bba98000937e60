/**
 * The link a phone scans to pair: `<base>/#/pair?key=…&name=…`. Everything after `#` stays in the
 * browser (it is never sent to the server, nor in a Referer), so the key travels only inside the
 * QR code and the phone's address bar, which the app clears at once (see pairing.ts).
 */

const PAIR_ROUTE = '#/pair';
/** What createKey makes: `eph_` and 32 random bytes in base64url (43 characters). */
const KEY_SHAPE = /^eph_[A-Za-z0-9_-]{20,200}$/;
const MAX_NAME = 60;

/** The pairing link for `key` named `name` on the server at `baseUrl`. */
export function pairLink(baseUrl: string, key: string, name: string): string {
  const params = new URLSearchParams({ key, name });
  return `${baseUrl.replace(/\/+$/, '')}/${PAIR_ROUTE}?${params.toString()}`;
}

export type PairFragment =
  | { ok: true; key: string; name: string | null }
  /** A pair link whose key is missing or garbled. */
  | { ok: false };

/** What a URL hash holds: null when it is not a pairing link at all. */
export function readPairFragment(hash: string): PairFragment | null {
  if (
    hash !== PAIR_ROUTE &&
    !hash.startsWith(`${PAIR_ROUTE}?`) &&
    !hash.startsWith(`${PAIR_ROUTE}/`)
  ) {
    return null;
  }
  const query = hash.indexOf('?');
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query < 0 ? '' : hash.slice(query + 1));
  } catch {
    return { ok: false };
  }
  const keys = params.getAll('key');
  const key = keys.length === 1 ? (keys[0] ?? '').trim() : '';
  if (!KEY_SHAPE.test(key)) return { ok: false };
  // The name is only shown back to the person, never trusted: cut and stripped of controls.
  const name = (params.get('name') ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, MAX_NAME);
  return { ok: true, key, name: name === '' ? null : name };
}
