import { api } from '../api/client.ts';
import { readPairFragment, type PairFragment } from './pair-link.ts';

/** Where a phone lands after pairing: mail is what the key is for. */
const AFTER_PAIRING = '#/mail';

/**
 * Takes a pairing link out of the address bar: reads the key and name from the hash, then
 * replaces the history entry with `#/mail`, so neither the address bar, Back, nor a bookmark
 * keeps the key. Null when the hash is no pairing link. Runs before the first render and on
 * every hash change, so a link opened in a tab already showing Ephemera is taken too.
 */
export function takePairFragment(): PairFragment | null {
  const found = readPairFragment(window.location.hash);
  if (found === null) return null;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${AFTER_PAIRING}`);
  return found;
}

export type PairOutcome =
  | { kind: 'paired'; name: string | null }
  /** The link's key was missing or garbled: nothing stored. */
  | { kind: 'malformed' }
  /** The desktop shell needs no key. */
  | { kind: 'not-needed' };

/** Stores a pairing link's key (and name) in this device's key vault. Needs connectApi(). */
export function applyPairing(found: PairFragment): PairOutcome {
  if (!found.ok) return { kind: 'malformed' };
  const auth = api().auth;
  if (!auth.needsKey) return { kind: 'not-needed' };
  auth.setKey(found.key, found.name);
  return { kind: 'paired', name: found.name };
}
