import { create } from 'zustand';
import {
  api,
  asApiError,
  type ApiError,
  type Lease,
  type LiveStatus,
  type Mail,
} from '../../api/client.ts';

interface MailState {
  mailboxes: Lease[];
  selected: string | null;
  inbox: Mail[];
  inboxState: 'idle' | 'loading' | 'ready' | 'error';
  inboxError: ApiError | null;
  live: LiveStatus;
  openMailId: number | null;
  /** Ids that arrived while the inbox was open (highlighted once). */
  fresh: number[];
  generating: boolean;
  /** The words searched for in the open mailbox, and what they found (null: no search). */
  query: string;
  results: Mail[] | null;
  searching: boolean;
  searchError: ApiError | null;
  search: (q: string) => Promise<void>;
  clearSearch: () => void;
  /** Marks a mail read or unread, here at once and on the server. */
  setRead: (id: number, read: boolean) => Promise<void>;
  deleteMail: (id: number) => Promise<void>;
  /** Deletes every mail of the open mailbox; resolves how many. */
  emptyMailbox: () => Promise<number>;
  generate: (count: number) => Promise<Lease[]>;
  select: (email: string | null) => Promise<void>;
  openMail: (id: number | null) => void;
  extend: (email: string) => Promise<void>;
  reuse: (email: string) => Promise<void>;
  forget: (email: string) => void;
  restore: () => void;
}

const STORAGE_KEY = 'ephemera.mailboxes';
/**
 * Pages read by REST before listening (200 mails each). Past this the live stream's replay
 * (every mail after the last id) brings the rest, so the bound costs speed, never mail.
 */
const MAX_LIST_PAGES = 100;
/** Live mails are added in one update per this many ms, so a replay of thousands is cheap. */
const ARRIVAL_BATCH_MS = 16;
let unsubscribe: (() => void) | null = null;
/** Bumped by every select(): a slower, earlier select() for the same address stops itself. */
let selection = 0;

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
    query: '',
    results: null,
    searching: false,
    searchError: null,

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
      const mine = (selection += 1);
      set({
        selected: email,
        inbox: [],
        openMailId: null,
        fresh: [],
        live: 'offline',
        inboxState: email ? 'loading' : 'idle',
        inboxError: null,
        query: '',
        results: null,
        searching: false,
        searchError: null,
      });
      if (!email) return;
      const mails: Mail[] = [];
      try {
        for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
          const batch = await api().mail.list(email, mails.at(-1)?.id ?? 0);
          if (selection !== mine) return;
          mails.push(...batch);
          // Show the first pages while the rest load.
          set({ inbox: [...mails], inboxState: 'ready' });
          // A page may stop short of MAIL_PAGE at the server's byte budget (long mails) while
          // more follow: only an empty page is the end.
          if (batch.length === 0) break;
        }
      } catch (err) {
        if (selection === mine) {
          set({ inboxState: 'error', inboxError: asApiError(err) });
        }
        return;
      }
      const lastId = mails.at(-1)?.id ?? 0;
      let pending: Mail[] = [];
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = (): void => {
        timer = null;
        const arrived = pending;
        pending = [];
        if (get().selected !== email || arrived.length === 0) return;
        const fresh = arrived.map((m) => m.id);
        set({ inbox: [...get().inbox, ...arrived], fresh: [...get().fresh, ...fresh] });
      };
      const stop = api().mail.subscribe(email, lastId, {
        onMail: (mail) => {
          if (get().selected !== email) return;
          pending.push(mail);
          timer ??= setTimeout(flush, ARRIVAL_BATCH_MS);
        },
        onStatus: (live) => {
          if (get().selected === email) set({ live });
        },
      });
      unsubscribe = () => {
        if (timer !== null) clearTimeout(timer);
        stop();
      };
    },

    openMail(id) {
      set({ openMailId: id, fresh: get().fresh.filter((f) => f !== id) });
      const mail = get().inbox.find((m) => m.id === id) ?? get().results?.find((m) => m.id === id);
      // Opening marks read; a failure only leaves it unread (shown again on the next load).
      if (mail && !mail.read)
        void get()
          .setRead(mail.id, true)
          .catch(() => undefined);
    },

    async setRead(id, read) {
      const email = get().selected;
      if (!email) return;
      const mark = (list: Mail[]): Mail[] => list.map((m) => (m.id === id ? { ...m, read } : m));
      const results = get().results;
      set({ inbox: mark(get().inbox), results: results ? mark(results) : null });
      await api().mail.setRead(email, id, read);
    },

    async search(q) {
      const email = get().selected;
      if (!email) return;
      if (q.trim() === '') {
        get().clearSearch();
        return;
      }
      set({ query: q, searching: true, searchError: null });
      try {
        const found = await api().mail.search(email, q, 0);
        if (get().selected === email && get().query === q) set({ results: found });
      } catch (err) {
        if (get().selected === email && get().query === q) {
          set({ results: [], searchError: asApiError(err) });
        }
      } finally {
        if (get().query === q) set({ searching: false });
      }
    },

    clearSearch() {
      set({ query: '', results: null, searching: false, searchError: null });
    },

    async deleteMail(id) {
      const email = get().selected;
      if (!email) return;
      await api().mail.delete(email, id);
      const results = get().results;
      set({
        inbox: get().inbox.filter((m) => m.id !== id),
        results: results ? results.filter((m) => m.id !== id) : null,
        openMailId: get().openMailId === id ? null : get().openMailId,
      });
    },

    async emptyMailbox() {
      const email = get().selected;
      if (!email) return 0;
      const deleted = await api().mail.empty(email);
      if (get().selected === email) {
        set({ inbox: [], results: get().results ? [] : null, openMailId: null, fresh: [] });
      }
      return deleted;
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
