import { create } from 'zustand';
import { api, type Lease } from '../../api/client.ts';
import { reinsert } from '../../lib/reinsert.ts';
import { removeWithUndo } from '../../stores/undoable-removal.ts';
import { storedLeases } from './stored-leases.ts';
import { markFirstMade } from './mail-visit-storage.ts';
import { domainForNewAddress } from './new-address-domain.ts';
import { useInbox } from './inbox-store.ts';

interface MailboxesState {
  mailboxes: Lease[];
  generating: boolean;
  generate: (count: number) => Promise<Lease[]>;
  extend: (email: string) => Promise<void>;
  reuse: (email: string) => Promise<void>;
  /** Puts the server's word on a listed lease (its countdown, its extensions). */
  updateLease: (lease: Lease) => void;
  /** Takes a mailbox off this device's list (with undo); the server keeps it. */
  forget: (email: string) => void;
  restore: () => void;
}

const STORAGE_KEY = 'ephemera.mailboxes';

/** The mailboxes this device made, kept in localStorage. */
export const useMailboxes = create<MailboxesState>()((set, get) => {
  const save = (): void => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(get().mailboxes));
    } catch {
      // No storage: the list lasts as long as the page.
    }
  };
  const updateLease = (lease: Lease): void => {
    set({ mailboxes: get().mailboxes.map((m) => (m.email === lease.email ? lease : m)) });
    save();
  };

  return {
    mailboxes: [],
    generating: false,

    async generate(count) {
      set({ generating: true });
      try {
        const domain = await domainForNewAddress();
        const leases =
          count === 1 ? [await api().mail.generate(domain)] : await api().mail.batch(count, domain);
        set({ mailboxes: [...leases, ...get().mailboxes] });
        save();
        // Any address made counts as the first one: none is made unasked after that.
        markFirstMade();
        return leases;
      } finally {
        set({ generating: false });
      }
    },

    async extend(email) {
      updateLease(await api().mail.extend(email));
    },

    async reuse(email) {
      updateLease(await api().mail.reuse(email));
    },

    updateLease,

    forget(email) {
      const before = get().mailboxes;
      const lease = before.find((m) => m.email === email);
      if (!lease) return;
      const inbox = useInbox.getState();
      const wasSelected = inbox.selected === email;
      if (wasSelected) void inbox.select(null);
      set({ mailboxes: before.filter((m) => m.email !== email) });
      save();
      // Only this device's list changes (the server keeps the mailbox): nothing to commit.
      removeWithUndo({
        message: { key: 'mail.forgotten' },
        restore: () => {
          set({
            mailboxes: reinsert(get().mailboxes, lease, before, (a, b) => a.email === b.email),
          });
          save();
          if (wasSelected && useInbox.getState().selected === null) {
            void useInbox.getState().select(email);
          }
        },
      });
    },

    restore() {
      set({ mailboxes: storedLeases(localStorage.getItem(STORAGE_KEY)) });
    },
  };
});
