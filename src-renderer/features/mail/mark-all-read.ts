import { api } from '../../api/client.ts';
import { useMail } from './mail-store.ts';

/**
 * Marks every unread mail of the open mailbox read: here at once, then on the server in one
 * request (`POST /api/emails/{email}/read-all`). Rejects with the server's refusal; the mails
 * then show unread again on the next load.
 */
export async function markAllRead(): Promise<void> {
  const { selected: email, inbox, results, unread } = useMail.getState();
  if (!email) return;
  const read = <T extends { read: boolean }>(list: T[]): T[] =>
    list.map((m) => (m.read ? m : { ...m, read: true }));
  useMail.setState({
    inbox: read(inbox),
    results: results ? read(results) : null,
    unread: { ...unread, [email]: 0 },
  });
  await api().mail.readAll(email);
}
