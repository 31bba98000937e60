import { api } from '../../api/client.ts';
import { useMail } from './mail-store.ts';

/** Requests in flight at once while marking. */
const PARALLEL = 4;

/**
 * Marks every unread mail of the open mailbox read: here at once, then on the server one
 * `PATCH …/{id}` per mail (4 at a time). Rejects with the first failure; the mails the server
 * did not mark show unread again on the next load.
 */
export async function markAllRead(): Promise<void> {
  const { selected: email, inbox, results } = useMail.getState();
  if (!email) return;
  const queue = inbox.filter((m) => !m.read).map((m) => m.id);
  if (queue.length === 0) return;
  const read = <T extends { read: boolean }>(list: T[]): T[] =>
    list.map((m) => (m.read ? m : { ...m, read: true }));
  useMail.setState({ inbox: read(inbox), results: results ? read(results) : null });
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined && failure === null; id = queue.shift()) {
      try {
        await api().mail.setRead(email, id, true);
      } catch (err) {
        failure = { error: err };
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  // The first failure as it came (an ApiError the caller shows in the UI's language).
  if (failure !== null) throw (failure as { error: unknown }).error;
}
