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
  const { mailboxes, generate } = useMailboxes.getState();
  const { selected, select } = useInbox.getState();
  if (selected === null && last && mailboxes.some((m) => m.email === last)) {
    await select(last);
    return;
  }
  if (!firstAddressDue()) return;
  markFirstMade();
  await generate(1);
}

/** Will this visit make the device's first address (openOnVisit's rule)? */
function firstAddressDue(): boolean {
  const { mailboxes, generating } = useMailboxes.getState();
  if (mailboxes.length > 0 || generating) return false;
  const auth = api().auth;
  if (auth.needsKey && !auth.hasKey()) return false;
  return !firstMade();
}

/**
 * True from the first paint until the first address is there, when this visit makes it: the
 * screens show it being made instead of "No mailboxes yet" for the second it takes.
 */
export function useMakingFirstAddress(): boolean {
  const empty = useMailboxes((s) => s.mailboxes.length === 0);
  const generating = useMailboxes((s) => s.generating);
  return empty && (generating || firstAddressDue());
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
