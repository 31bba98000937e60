import { create } from 'zustand';
import { api, asApiError, type ApiError, type LiveStatus, type Mail } from '../../api/client.ts';
import { removeWithUndo } from '../../stores/undoable-removal.ts';
import type { CommitReason } from '../../lib/deferred-removal.ts';
import type { ToastMessage } from '../../stores/toast-store.ts';
import { translate } from '../../i18n/i18n.ts';
import { hiddenMails, mergeById, withoutIds } from './hidden-mails.ts';
import { deleteOne, emptyUpTo } from './mail-deletion.ts';
import { useMailLayout } from './mail-layout-store.ts';
import { announceCodes } from './code-notify.ts';
import { rememberSelection } from './mail-visit-storage.ts';
import { useMailSearch } from './mail-search-store.ts';

export interface InboxState {
  /** The open mailbox. */
  selected: string | null;
  inbox: Mail[];
  inboxState: 'idle' | 'loading' | 'ready' | 'error';
  inboxError: ApiError | null;
  live: LiveStatus;
  openMailId: number | null;
  /** Ids that arrived while the inbox was open (highlighted once). */
  fresh: number[];
  /** Unread mails per mailbox as the server last said (mail-refresh.ts); the open one is live. */
  unread: Record<string, number>;
  /** Marks a mail read or unread, here at once and on the server. */
  setRead: (id: number, read: boolean) => Promise<void>;
  /** Hides a mail now and deletes it on the server when the undo window ends. */
  deleteMail: (id: number) => void;
  /** The same for every mail of the open mailbox. */
  emptyMailbox: () => void;
  select: (email: string | null) => Promise<void>;
  openMail: (id: number | null) => void;
}

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

/** The open mailbox: its mails, its live subscription and the mail open in it. */
export const useInbox = create<InboxState>()((set, get) => {
  /** The mail `id` of the open mailbox, listed or found by the search. */
  const shownMail = (id: number | null): Mail | undefined =>
    get().inbox.find((m) => m.id === id) ??
    useMailSearch.getState().results?.find((m) => m.id === id);

  /**
   * Hides `mails` of `email` now (inbox, search results, the reading pane) and offers undo;
   * `commit` deletes them on the server when the window ends. Undo puts back exactly what was
   * there, if that mailbox is still open (otherwise reopening it lists them again).
   */
  const hideMails = (
    email: string,
    mails: Mail[],
    message: ToastMessage,
    commit: (reason: CommitReason) => Promise<void>,
  ): void => {
    const ids = new Set(mails.map((m) => m.id));
    const { inbox, openMailId, fresh } = get();
    const results = useMailSearch.getState().results;
    hiddenMails.add(email, ids);
    set({
      inbox: withoutIds(inbox, ids),
      openMailId: openMailId !== null && ids.has(openMailId) ? null : openMailId,
      fresh: fresh.filter((id) => !ids.has(id)),
    });
    useMailSearch.getState().updateResults((now) => withoutIds(now, ids));
    removeWithUndo({
      message,
      commit,
      restore: () => {
        hiddenMails.remove(email, ids);
        if (get().selected !== email) return;
        const now = get();
        set({
          inbox: mergeById(
            now.inbox,
            inbox.filter((m) => ids.has(m.id)),
          ),
          openMailId:
            now.openMailId ?? (openMailId !== null && ids.has(openMailId) ? openMailId : null),
          fresh: [...now.fresh, ...fresh.filter((id) => ids.has(id))],
        });
        if (results) {
          useMailSearch.getState().updateResults((found) =>
            mergeById(
              found,
              results.filter((m) => ids.has(m.id)),
            ),
          );
        }
      },
    });
  };

  return {
    selected: null,
    inbox: [],
    inboxState: 'idle',
    inboxError: null,
    live: 'offline',
    openMailId: null,
    fresh: [],
    unread: {},

    async select(email) {
      unsubscribe?.();
      unsubscribe = null;
      const mine = (selection += 1);
      rememberSelection(email);
      useMailLayout.getState().setFullView(false);
      useMailSearch.getState().reset(email);
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
      const mails: Mail[] = [];
      // The last id the server listed (hidden mails included), so paging and the live stream
      // go on after it rather than bringing hidden mails back.
      let lastListed = 0;
      try {
        for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
          const batch = await api().mail.list(email, lastListed);
          if (selection !== mine) return;
          mails.push(...batch.filter((m) => !hiddenMails.has(email, m.id)));
          // Show the first pages while the rest load.
          set({ inbox: [...mails], inboxState: 'ready' });
          // A page may stop short of MAIL_PAGE at the server's byte budget (long mails) while
          // more follow: only an empty page is the end.
          if (batch.length === 0) break;
          lastListed = batch.at(-1)?.id ?? lastListed;
        }
      } catch (err) {
        if (selection === mine) {
          set({ inboxState: 'error', inboxError: asApiError(err) });
        }
        return;
      }
      const lastId = lastListed;
      let pending: Mail[] = [];
      let timer: ReturnType<typeof setTimeout> | null = null;
      const flush = (): void => {
        timer = null;
        const arrived = pending;
        pending = [];
        if (get().selected !== email || arrived.length === 0) return;
        const fresh = arrived.map((m) => m.id);
        set({ inbox: [...get().inbox, ...arrived], fresh: [...get().fresh, ...fresh] });
        announceCodes(arrived, (code) => translate('mail.notify.title', { code }));
      };
      const stop = api().mail.subscribe(email, lastId, {
        onMail: (mail) => {
          if (get().selected !== email || hiddenMails.has(email, mail.id)) return;
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
      if (id === null) useMailLayout.getState().setFullView(false);
      set({ openMailId: id, fresh: get().fresh.filter((f) => f !== id) });
      const mail = shownMail(id);
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
      set({ inbox: mark(get().inbox) });
      useMailSearch.getState().updateResults(mark);
      await api().mail.setRead(email, id, read);
    },

    deleteMail(id) {
      const email = get().selected;
      const mail = shownMail(id);
      if (!email || !mail) return;
      hideMails(email, [mail], { key: 'mail.deleted' }, () => deleteOne(email, id));
    },

    emptyMailbox() {
      const email = get().selected;
      if (!email) return;
      const shown = mergeById(get().inbox, useMailSearch.getState().results ?? []);
      if (shown.length === 0) return;
      const maxId = Math.max(...shown.map((m) => m.id));
      hideMails(email, shown, { key: 'mail.emptied', params: { count: shown.length } }, (reason) =>
        emptyUpTo(email, shown, maxId, reason, () =>
          get().selected === email ? get().inbox.some((m) => m.id > maxId) : false,
        ),
      );
    },
  };
});
