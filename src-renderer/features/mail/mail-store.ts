import { create } from 'zustand';
import { api, asApiError, type Lease, type LiveStatus, type Mail } from '../../api/client.ts';

interface MailState {
  mailboxes: Lease[];
  selected: string | null;
  inbox: Mail[];
  inboxState: 'idle' | 'loading' | 'ready' | 'error';
  inboxError: string | null;
  live: LiveStatus;
  openMailId: number | null;
  /** Ids that arrived while the inbox was open (highlighted once). */
  fresh: number[];
  generating: boolean;
  generate: (count: number) => Promise<Lease[]>;
  select: (email: string | null) => Promise<void>;
  openMail: (id: number | null) => void;
  extend: (email: string) => Promise<void>;
  reuse: (email: string) => Promise<void>;
  forget: (email: string) => void;
  restore: () => void;
}

const STORAGE_KEY = 'ephemera.mailboxes';
let unsubscribe: (() => void) | null = null;

/** The mailboxes this device made, the open inbox and its live subscription. */
export const useMail = create<MailState>()((set, get) => {
  const save = (): void => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(get().mailboxes));
    } catch {
      // No storage: the list lasts as long as the page.
    }
  };
  const replaceLease = (lease: Lease): void => {
    set({ mailboxes: get().mailboxes.map((m) => (m.email === lease.email ? lease : m)) });
    save();
  };

  return {
    mailboxes: [],
    selected: null,
    inbox: [],
    inboxState: 'idle',
    inboxError: null,
    live: 'offline',
    openMailId: null,
    fresh: [],
    generating: false,

    async generate(count) {
      set({ generating: true });
      try {
        const leases = count === 1 ? [await api().mail.generate()] : await api().mail.batch(count);
        set({ mailboxes: [...leases, ...get().mailboxes] });
        save();
        return leases;
      } finally {
        set({ generating: false });
      }
    },

    async select(email) {
      unsubscribe?.();
      unsubscribe = null;
      set({
        selected: email,
        inbox: [],
        openMailId: null,
        fresh: [],
        live: 'offline',
        inboxState: email ? 'loading' : 'idle',
        inboxError: null,
      });
      if (!email) return;
      let mails: Mail[];
      try {
        mails = await api().mail.list(email, 0);
      } catch (err) {
        if (get().selected === email) {
          set({ inboxState: 'error', inboxError: asApiError(err).message });
        }
        return;
      }
      if (get().selected !== email) return;
      set({ inbox: mails, inboxState: 'ready' });
      const lastId = mails.at(-1)?.id ?? 0;
      unsubscribe = api().mail.subscribe(email, lastId, {
        onMail: (mail) => {
          if (get().selected !== email) return;
          set({ inbox: [...get().inbox, mail], fresh: [...get().fresh, mail.id] });
        },
        onStatus: (live) => {
          if (get().selected === email) set({ live });
        },
      });
    },

    openMail(id) {
      set({ openMailId: id, fresh: get().fresh.filter((f) => f !== id) });
    },

    async extend(email) {
      replaceLease(await api().mail.extend(email));
    },

    async reuse(email) {
      replaceLease(await api().mail.reuse(email));
    },

    forget(email) {
      if (get().selected === email) void get().select(null);
      set({ mailboxes: get().mailboxes.filter((m) => m.email !== email) });
      save();
    },

    restore() {
      try {
        const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as Lease[];
        if (Array.isArray(saved)) set({ mailboxes: saved });
      } catch {
        // A damaged list starts empty.
      }
    },
  };
});
