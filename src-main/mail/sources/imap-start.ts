import type { ImapFlow } from 'imapflow';
import type { Guard } from './imap-fetch.ts';
import type { SourceRecord } from './source-store.ts';

/**
 * Where a new source (or a mailbox whose UIDVALIDITY changed) starts: the UID before the
 * mailbox's current end, or before the first message of the last `sinceMs`.
 */
export async function startingUid(
  client: ImapFlow,
  record: Pick<SourceRecord, 'mailbox' | 'sinceMs'>,
  now: number,
  guard: Guard,
): Promise<number> {
  const status = await guard(client.status(record.mailbox, { uidNext: true }), 'STATUS');
  const uidNext =
    (status ? status.uidNext : undefined) ?? (client.mailbox ? client.mailbox.uidNext : 1);
  let start = Math.max(0, uidNext - 1);
  if (record.sinceMs <= 0) return start;
  // SEARCH SINCE has day granularity: the arrival times decide within that day.
  const cutoff = now - record.sinceMs;
  const uids = await guard(client.search({ since: new Date(cutoff) }, { uid: true }), 'UID SEARCH');
  if (!uids || uids.length === 0) return start;
  const dated = await guard(
    client.fetchAll(uids.join(','), { uid: true, internalDate: true }, { uid: true }),
    'FETCH of the dates',
  );
  for (const m of dated) {
    if (m.internalDate && new Date(m.internalDate).getTime() >= cutoff) {
      start = Math.min(start, m.uid - 1);
    }
  }
  return start;
}
