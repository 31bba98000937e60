import { api } from '../api/client.ts';
import { readPairFragment, type PairFragment } from '../lib/pair-link.ts';
import type { ReplaceQuestion } from '../stores/replace-key-store.ts';

/** Where a browser lands after a sign-in link: mail is what the key is for. */
const AFTER_PAIRING = '#/mail';

/**
 * Takes a sign-in or pairing link out of the address bar: reads the code from the hash, then
 * replaces the history entry with `#/mail`, so neither the address bar, Back, nor a bookmark
 * keeps it. Null when the hash is no such link. Runs before the first render and on every hash
 * change, so a link opened in a tab already showing Ephemera is taken too.
 */
export function takePairFragment(): PairFragment | null {
  const found = readPairFragment(window.location.hash);
  if (found === null) return null;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${AFTER_PAIRING}`);
  return found;
}

export type PairOutcome =
  | { kind: 'paired'; name: string }
  /** The link's code was missing or garbled: nothing stored. */
  | { kind: 'malformed' }
  /** An old link with the key itself in it: not used. */
  | { kind: 'legacy' }
  /** The code is unknown, used or expired (or the server could not be asked). */
  | { kind: 'expired' }
  /** The person kept the key this browser already had. */
  | { kind: 'declined' }
  /** The desktop shell needs no key. */
  | { kind: 'not-needed' };

/**
 * Exchanges a link's one-time code for a key and stores it. A browser that already holds a key
 * asks first (`confirm`, naming both), so a link someone planted changes nothing unless the
 * person agrees; the code is only looked at (not used up) until then. Needs connectApi().
 */
export async function applyPairing(
  found: PairFragment,
  confirm: (question: ReplaceQuestion) => Promise<boolean>,
): Promise<PairOutcome> {
  if (!found.ok) return { kind: found.legacy ? 'legacy' : 'malformed' };
  const auth = api().auth;
  if (!auth.needsKey) return { kind: 'not-needed' };
  try {
    const offered = await auth.checkSignInCode(found.code);
    if (auth.hasKey()) {
      const current = { name: auth.keyName(), hint: auth.keyHint() };
      if (!(await confirm({ current, offered: { name: offered.name } }))) {
        return { kind: 'declined' };
      }
    }
    const created = await auth.redeemSignInCode(found.code);
    auth.setKey(created.key, created.name);
    return { kind: 'paired', name: created.name };
  } catch {
    return { kind: 'expired' };
  }
}
