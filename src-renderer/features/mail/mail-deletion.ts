import { api, asApiError, type Mail } from '../../api/client.ts';
import type { CommitReason } from '../../lib/deferred-removal.ts';

/** Deletes one mail; one the server no longer has counts as deleted. */
export async function deleteOne(email: string, id: number): Promise<void> {
  try {
    await api().mail.delete(email, id);
  } catch (err) {
    if (asApiError(err).code !== 'MAIL_NOT_FOUND') throw err;
  }
}

const PARALLEL_DELETES = 8;

/**
 * Commits "Empty mailbox" for the mails that were on screen (ids up to `maxId`). Emptying on
 * the server deletes every mail, so it is used only when nothing newer has arrived in the undo
 * window (seen live, or asked for unless the page is going away); otherwise the mails are
 * deleted one by one, so a code that came in meanwhile is kept.
 */
export async function emptyUpTo(
  email: string,
  mails: Mail[],
  maxId: number,
  reason: CommitReason,
  newerSeen: () => boolean,
): Promise<void> {
  let nothingNewer = !newerSeen();
  if (nothingNewer && reason !== 'unload') {
    nothingNewer = (await api().mail.list(email, maxId)).length === 0;
  }
  if (nothingNewer) {
    await api().mail.empty(email);
    return;
  }
  const step = reason === 'unload' ? mails.length : PARALLEL_DELETES;
  for (let at = 0; at < mails.length; at += step) {
    await Promise.all(mails.slice(at, at + step).map((m) => deleteOne(email, m.id)));
  }
}
