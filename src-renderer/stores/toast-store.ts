import { create } from 'zustand';
import type { ApiError } from '../api/api-error.ts';
import type { MessageKey, Params } from '../i18n/i18n.ts';

/** A message translated when it renders, so a language switch reaches toasts already shown. */
export interface ToastMessage {
  key: MessageKey;
  params?: Params;
}

export interface ToastOptions {
  /** A button in the toast ("Undo"). */
  action?: { label: MessageKey; run: () => void };
  /** Stays until removed by its owner (or closed, or pushed out by newer toasts). */
  sticky?: boolean;
  /** The person closed it, or newer toasts pushed it out (not called by `remove`). */
  onDismiss?: () => void;
}

export interface Toast extends ToastOptions {
  id: number;
  tone: 'info' | 'success' | 'error';
  /** A sentence, a message or an error the toaster translates when it renders. */
  text: string | ToastMessage | ApiError;
}

interface ToastState {
  toasts: Toast[];
  /** Shows a toast for a few seconds. */
  show: (text: Toast['text'], tone?: Toast['tone']) => void;
  /** Shows a toast with options (an action, sticky); returns its id. */
  offer: (text: Toast['text'], tone: Toast['tone'], options: ToastOptions) => number;
  /** Closes a toast as the person would (its owner hears of it). */
  dismiss: (id: number) => void;
  /** Takes a toast away quietly (its owner is the one asking). */
  remove: (id: number) => void;
}

/** At most this many toasts at once; older ones make room. */
const MAX_TOASTS = 3;
let nextId = 1;

/** Short notices at the bottom of the screen ("Copied", "Mail deleted · Undo", failures). */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show(text, tone = 'info') {
    get().offer(text, tone, {});
  },
  offer(text, tone, options) {
    const id = nextId++;
    const all = [...get().toasts, { id, tone, text, ...options }];
    const pushedOut = all.slice(0, Math.max(0, all.length - MAX_TOASTS));
    set({ toasts: all.slice(-MAX_TOASTS) });
    for (const old of pushedOut) old.onDismiss?.();
    if (!options.sticky) setTimeout(() => get().remove(id), tone === 'error' ? 6000 : 2600);
    return id;
  },
  dismiss(id) {
    const toast = get().toasts.find((t) => t.id === id);
    get().remove(id);
    toast?.onDismiss?.();
  },
  remove(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));
