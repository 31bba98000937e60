import { create } from 'zustand';
import { api, asApiError, type ApiError, type Mail } from '../../api/client.ts';

interface MailSearchState {
  /** The mailbox searched in: the open one (inbox-store sets it on every select). */
  email: string | null;
  /** The words searched for, and what they found (null: no search). */
  query: string;
  results: Mail[] | null;
  searching: boolean;
  searchError: ApiError | null;
  search: (q: string) => Promise<void>;
  clearSearch: () => void;
  /** Another mailbox opened (or none): no search in it yet. */
  reset: (email: string | null) => void;
  /** Applies `change` to the results, if there are any (a mail read, hidden or put back). */
  updateResults: (change: (results: Mail[]) => Mail[]) => void;
}

/** The search in the open mailbox. A slower answer for older words or another mailbox is dropped. */
export const useMailSearch = create<MailSearchState>()((set, get) => ({
  email: null,
  query: '',
  results: null,
  searching: false,
  searchError: null,

  async search(q) {
    const email = get().email;
    if (!email) return;
    if (q.trim() === '') {
      get().clearSearch();
      return;
    }
    const current = (): boolean => get().email === email && get().query === q;
    set({ query: q, searching: true, searchError: null });
    try {
      const found = await api().mail.search(email, q, 0);
      if (current()) set({ results: found });
    } catch (err) {
      if (current()) set({ results: [], searchError: asApiError(err) });
    } finally {
      if (get().query === q) set({ searching: false });
    }
  },

  clearSearch() {
    set({ query: '', results: null, searching: false, searchError: null });
  },

  reset(email) {
    set({ email, query: '', results: null, searching: false, searchError: null });
  },

  updateResults(change) {
    const results = get().results;
    if (results) set({ results: change(results) });
  },
}));
