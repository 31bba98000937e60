import { create } from 'zustand';
import { api, asApiError, type Task, type TaskCreated } from '../../api/client.ts';
import { reinsert } from '../../lib/reinsert.ts';
import { useServer } from '../../stores/server-store.ts';
import { removeWithUndo } from '../../stores/undoable-removal.ts';

/** One card: what the create call said, then the latest task read. */
export interface TaskEntry {
  id: string;
  created: TaskCreated;
  text: string;
  task: Task | null;
  /** Local clock (ms) at which the server drops the task; null until it is known. */
  expiresAt: number | null;
  /** The server no longer has it (expired or cancelled elsewhere). */
  gone: boolean;
}

interface VideoState {
  entries: TaskEntry[];
  submitting: boolean;
  submit: (text: string) => Promise<void>;
  /** Hides the card now and cancels the task on the server when the undo window ends. */
  cancel: (id: string) => void;
  /** Hides the card, with undo; the server keeps the task until it expires (failed, gone). */
  forget: (id: string) => void;
  /** Drops the card at once, without undo (a retry replaces it). */
  dismiss: (id: string) => void;
  /** Drops every finished card (failed, cancelled, gone, or its file expired) at once. */
  clearFinished: () => void;
  restore: () => void;
}

const STORAGE_KEY = 'ephemera.tasks';
const pollers = new Map<string, ReturnType<typeof setTimeout>>();

/** The video tasks this device started, polled while they run (task ids are credentials). */
export const useVideo = create<VideoState>()((set, get) => {
  const patch = (id: string, change: Partial<TaskEntry>): void => {
    set({ entries: get().entries.map((e) => (e.id === id ? { ...e, ...change } : e)) });
  };

  const save = (): void => {
    // A failed task keeps its answer (reason, retryable) beyond the server's 3 minutes, so the
    // card can still say why and offer Try again after the server has dropped it.
    const keep = get()
      .entries.filter((e) => !e.gone || e.task?.status === 'failed')
      .map(({ id, created, text, task }) => ({
        id,
        created,
        text,
        ...(task?.status === 'failed' ? { task } : {}),
      }));
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(keep));
    } catch {
      // No storage: the cards last as long as the page.
    }
  };

  const schedule = (id: string, ms: number): void => {
    clearTimeout(pollers.get(id));
    pollers.set(
      id,
      setTimeout(() => void poll(id), ms),
    );
  };

  const poll = async (id: string): Promise<void> => {
    if (!get().entries.some((e) => e.id === id)) return;
    try {
      const task = await api().video.get(id);
      const expiresAt =
        task.expires_at === null ? null : Date.now() + (task.expires_at - task.server_time) * 1000;
      const before = get().entries.find((e) => e.id === id)?.task?.status;
      patch(id, { task, expiresAt });
      // Stored with its answer, so the reason outlives the server's copy (save(), above).
      if (task.status === 'failed' && before !== 'failed') save();
      if (task.status !== before && task.status !== 'processing') {
        void useServer.getState().refreshCapacity();
      }
      if (task.status === 'queued') schedule(id, 1500);
      else if (task.status === 'processing') schedule(id, 700);
      else if (expiresAt !== null) schedule(id, Math.max(1000, expiresAt - Date.now() + 500));
    } catch (err) {
      const e = asApiError(err);
      if (e.kind === 'gone') {
        patch(id, { gone: true });
        save();
        void useServer.getState().refreshCapacity();
      } else {
        schedule(id, 3000);
      }
    }
  };

  /**
   * A running download cannot be resumed once cancelled, so the DELETE waits for the undo
   * window: until then the server keeps downloading and Undo brings the card back as it is.
   */
  const hideWithUndo = (id: string, cancelOnServer: boolean): void => {
    const before = get().entries;
    const entry = before.find((e) => e.id === id);
    if (!entry) return;
    get().dismiss(id);
    const status = entry.task?.status ?? entry.created.status;
    removeWithUndo({
      message: {
        key: !cancelOnServer
          ? 'video.removed'
          : status === 'completed'
            ? 'video.deleted'
            : 'video.cancelled',
      },
      restore: () => {
        set({ entries: reinsert(get().entries, entry, before, (a, b) => a.id === b.id) });
        save();
        schedule(id, 0);
      },
      commit: cancelOnServer
        ? async () => {
            try {
              await api().video.cancel(id);
            } catch (err) {
              if (asApiError(err).kind !== 'gone') throw err;
            }
            void useServer.getState().refreshCapacity();
          }
        : undefined,
    });
  };

  return {
    entries: [],
    submitting: false,

    async submit(text) {
      set({ submitting: true });
      try {
        const created = await api().video.create(text);
        const entry: TaskEntry = {
          id: created.task_id,
          created,
          text,
          task: null,
          expiresAt: null,
          gone: false,
        };
        set({ entries: [entry, ...get().entries] });
        save();
        void useServer.getState().refreshCapacity();
        schedule(entry.id, 150);
      } finally {
        set({ submitting: false });
      }
    },

    cancel(id) {
      hideWithUndo(id, true);
    },

    forget(id) {
      hideWithUndo(id, false);
    },

    dismiss(id) {
      clearTimeout(pollers.get(id));
      pollers.delete(id);
      set({ entries: get().entries.filter((e) => e.id !== id) });
      save();
    },

    restore() {
      let saved: (Pick<TaskEntry, 'id' | 'created' | 'text'> & { task?: Task })[] = [];
      try {
        saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as typeof saved;
      } catch {
        saved = [];
      }
      const known = new Set(get().entries.map((e) => e.id));
      const fresh = saved
        .filter((s) => !known.has(s.id))
        .map((s) => ({ ...s, task: s.task ?? null, expiresAt: null, gone: false }));
      set({ entries: [...get().entries, ...fresh] });
      for (const entry of fresh) schedule(entry.id, 0);
    },

    clearFinished() {
      const now = Date.now();
      for (const entry of get().entries) {
        const status = entry.task?.status;
        const expired = entry.expiresAt !== null && entry.expiresAt <= now;
        if (entry.gone || status === 'failed' || status === 'cancelled' || expired) {
          get().dismiss(entry.id);
        }
      }
    },
  };
});
