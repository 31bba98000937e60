import { create } from 'zustand';
import type { ApiError } from '../api/api-error.ts';

export interface Toast {
  id: number;
  tone: 'info' | 'success' | 'error';
  /** A sentence, or an error the toaster translates when it renders (so it follows the language). */
  text: string | ApiError;
}

interface ToastState {
  toasts: Toast[];
  show: (text: Toast['text'], tone?: Toast['tone']) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

/** Short notices at the bottom of the screen ("Copied", failures of one-off actions). */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show(text, tone = 'info') {
    const id = nextId++;
    set({ toasts: [...get().toasts.slice(-2), { id, tone, text }] });
    setTimeout(() => get().dismiss(id), tone === 'error' ? 6000 : 2600);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));
