import type { ImapFlow } from 'imapflow';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import { readHeaderFields, type HeaderField } from '../store/message-headers.ts';

/** Runs one command under the runner's deadline (withDeadline, closing the connection). */
export type Guard = <T>(work: Promise<T>, command: string) => Promise<T>;

/** A message after the cursor, as its headers route it; the header bytes are not kept. */
export interface Routed {
  uid: number;
  /** The size the server claims (RFC822.SIZE): a hint, never trusted on its own. */
  claimedSize: number;
  leases: string[];
}

/** UIDs searched at once: an answer of at most about 700 KB, well within the line limit. */
const SEARCH_WINDOW = 100_000;

/**
 * The UIDs of the next `max` messages after `from`, oldest first (UID SEARCH: numbers only, so
 * a page's headers can be fetched alone; fetching every header after the cursor before taking
 * 200 cost 1.19 GB for 744k messages). A mailbox far ahead of the cursor is searched in UID
 * windows, so no answer nears the line limit; an empty window doubles the next one, so a
 * sparse range costs a few round trips, not thousands.
 */
export async function nextUids(
  client: ImapFlow,
  from: number,
  max: number,
  guard: Guard,
): Promise<number[]> {
  let low = from;
  let size = SEARCH_WINDOW;
  for (let round = 0; round < 64; round++) {
    const uidNext = client.mailbox ? client.mailbox.uidNext : 0;
    // The last window is open-ended: the server may have mail past the UIDNEXT it told.
    const last = low + size >= uidNext;
    const range = last ? `${low}:*` : `${low}:${low + size - 1}`;
    const found = await guard(client.search({ uid: range }, { uid: true }), 'UID SEARCH');
    // `n:*` names the last message even when its UID is below n.
    const uids = [...new Set(found || [])].filter((uid) => uid >= from).sort((a, b) => a - b);
    if (uids.length > 0 || last) return uids.slice(0, max);
    low += size;
    size *= 2;
  }
  return [];
}

/**
 * The leases each message's headers route it to. Each header block is routed as it arrives and
 * dropped; an answer for a UID not asked for is ignored, and a UID the server gave no answer
 * for routes nowhere (it is skipped).
 */
export async function routeHeaders(
  client: ImapFlow,
  uids: readonly number[],
  route: (fields: readonly HeaderField[]) => string[],
  guard: Guard,
): Promise<Routed[]> {
  const routed = new Map<number, Routed>(
    uids.map((uid) => [uid, { uid, claimedSize: 0, leases: [] }]),
  );
  const read = async (): Promise<void> => {
    const answers = client.fetch(
      uids.join(','),
      { uid: true, size: true, headers: true },
      { uid: true },
    );
    for await (const message of answers) {
      const entry = routed.get(message.uid);
      if (!entry) continue;
      entry.claimedSize = message.size ?? 0;
      entry.leases = message.headers ? route(readHeaderFields(message.headers)) : [];
    }
  };
  await guard(read(), 'FETCH of the headers');
  return [...routed.values()];
}

/** A message's bytes, or why it is not taken. */
export type Body = { raw: Buffer } | { refused: string } | { gone: true };

/**
 * The message's first `maxMessageBytes + 1` bytes (BODY.PEEK[]<0.N>): one byte more than a mail
 * may have is how one over the limit is known, whatever size the server claimed. A literal
 * longer than asked breaks the connection unread (IMAP_LIMITS); the caller refuses the message.
 */
export async function fetchBody(client: ImapFlow, uid: number, guard: Guard): Promise<Body> {
  const limit = MAIL_LIMITS.maxMessageBytes;
  const full = await guard(
    client.fetchOne(String(uid), { source: { start: 0, maxLength: limit + 1 } }, { uid: true }),
    'FETCH of the message',
  );
  if (!full || !full.source) return { gone: true };
  if (full.source.length > limit) return { refused: overLimit(uid) };
  return { raw: full.source };
}

/** Why a message over the mail limit is left on the server. */
export function overLimit(uid: number): string {
  return `message ${uid} refused: it is over the ${MAIL_LIMITS.maxMessageBytes / 1024 / 1024} MiB mail limit (left on the server)`;
}
