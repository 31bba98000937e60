import { api } from '../../api/client.ts';
import { useServerClock } from '../../stores/server-clock.ts';
import { useInbox, type InboxState } from './inbox-store.ts';
import { useMailboxes } from './mailbox-store.ts';

/** Mailboxes refreshed per pass (the list can hold hundreds; the first ones are in view). */
const MAX_REFRESHED = 60;
/** Requests in flight at once. */
const PARALLEL = 4;
/** Counted up to this many (then shown as "99+"). */
export const UNREAD_CAP = 99;

/**
 * Reads every listed mailbox's lease and unread count from the server: a lease extended or
 * reused elsewhere (a script's POST …/extend) shows its real countdown and "Extended n/12", and
 * the list shows what is unread. Runs on load, when the window gets the focus back, and (for
 * one mailbox) on every mail pushed to it. Failures leave the last known state.
 */
export async function refreshMailboxes(emails?: string[]): Promise<void> {
  void useServerClock.getState().sync();
  // Without a key every read would open the key dialog uninvited: wait for one.
  const auth = api().auth;
  if (auth.needsKey && !auth.hasKey()) return;
  const queue = [...(emails ?? useMailboxes.getState().mailboxes.map((m) => m.email))].slice(
    0,
    MAX_REFRESHED,
  );
  const worker = async (): Promise<void> => {
    for (let email = queue.shift(); email !== undefined; email = queue.shift()) {
      await refreshOne(email);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

async function refreshOne(email: string): Promise<void> {
  const [lease, unread] = await Promise.allSettled([
    api().mail.lease(email),
    api().mail.search(email, 'is:unread', 0),
  ]);
  const { mailboxes, updateLease } = useMailboxes.getState();
  if (!mailboxes.some((m) => m.email === email)) return;
  if (lease.status === 'fulfilled') updateLease(lease.value);
  if (unread.status === 'fulfilled') {
    useInbox.setState({
      unread: {
        ...useInbox.getState().unread,
        [email]: Math.min(unread.value.length, UNREAD_CAP + 1),
      },
    });
  }
}

/** Unread mails of `email`: counted from the open inbox, else as the server last said. */
export function useUnread(email: string): number {
  return useInbox((s) => unreadOf(s, email));
}

/** Unread mails of every listed mailbox together (the window title's count). */
export function useUnreadTotal(): number {
  const mailboxes = useMailboxes((s) => s.mailboxes);
  return useInbox((s) => mailboxes.reduce((total, m) => total + unreadOf(s, m.email), 0));
}

function unreadOf(
  s: Pick<InboxState, 'selected' | 'inboxState' | 'inbox' | 'unread'>,
  email: string,
): number {
  return s.selected === email && s.inboxState === 'ready'
    ? s.inbox.reduce((n, m) => (m.read ? n : n + 1), 0)
    : (s.unread[email] ?? 0);
}
