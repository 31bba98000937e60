import { api } from '../../api/client.ts';
import { useInbox } from './inbox-store.ts';
import { useMailSearch } from './mail-search-store.ts';

/**
 * Marks every unread mail of the open mailbox read: here at once, then on the server in one
 * request (`POST /api/emails/{email}/read-all`). Rejects with the server's refusal; the mails
 * then show unread again on the next load.
 */
export async function markAllRead(): Promise<void> {
  const { selected: email, inbox, unread } = useInbox.getState();
  if (!email) return;
  const read = <T extends { read: boolean }>(list: T[]): T[] =>
    list.map((m) => (m.read ? m : { ...m, read: true }));
  useInbox.setState({ inbox: read(inbox), unread: { ...unread, [email]: 0 } });
  useMailSearch.getState().updateResults(read);
  await api().mail.readAll(email);
}
