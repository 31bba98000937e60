import { api, asApiError } from '../../api/client.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { refreshMailboxes } from './mail-refresh.ts';
import { useInbox } from './inbox-store.ts';
import { useMailboxes } from './mailbox-store.ts';
import { firstMade, markFirstMade, storedSelection } from './mail-visit-storage.ts';

/**
 * On each visit to Mail: reopens the mailbox open last (a reload keeps the place). The first
 * visit on this device, with no mailbox yet, makes one and opens it, ready to copy: once per
 * device (a person who removed every mailbox is not given a new one unasked), and only where
 * no key prompt would interrupt (a key is stored, or none is needed).
 */
export async function openOnVisit(): Promise<void> {
  // The screen may mount before the shell has restored the list: read what is stored.
  useMailboxes.getState().restore();
  const last = storedSelection();
  const { mailboxes, generating, generate } = useMailboxes.getState();
  const { selected, select } = useInbox.getState();
  if (selected === null && last && mailboxes.some((m) => m.email === last)) {
    await select(last);
    return;
  }
  if (mailboxes.length > 0 || generating) return;
  const auth = api().auth;
  if (auth.needsKey && !auth.hasKey()) return;
  if (firstMade()) return;
  markFirstMade();
  const [lease] = await generate(1);
  if (lease && useInbox.getState().selected === null) await select(lease.email);
}

/**
 * A visit to Mail (the screen opening, or a sign-in link's key arriving on it): openOnVisit,
 * then the mailboxes' leases fetched afresh; a failure is a toast, except a missing key, which
 * asks for itself.
 */
export function visitMail(): void {
  openOnVisit()
    .then(() => refreshMailboxes())
    .catch((err: unknown) => {
      const e = asApiError(err);
      if (e.kind !== 'auth') useToasts.getState().show(e, 'error');
    });
}
