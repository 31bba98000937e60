import { create } from 'zustand';

/** The two keys the person chooses between; names and hints only, never a key. */
export interface ReplaceQuestion {
  current: { name: string | null; hint: string | null };
  offered: { name: string };
}

interface ReplaceKeyState {
  question: ReplaceQuestion | null;
  resolve: ((replace: boolean) => void) | null;
  /** Opens the dialog; resolves true when the person chose to replace the key. */
  ask: (question: ReplaceQuestion) => Promise<boolean>;
  answer: (replace: boolean) => void;
}

/** State of "Replace this browser's key?", asked when a sign-in link meets a stored key. */
export const useReplaceKey = create<ReplaceKeyState>()((set, get) => ({
  question: null,
  resolve: null,
  ask: (question) =>
    new Promise((resolve) => {
      get().resolve?.(false);
      set({ question, resolve });
    }),
  answer(replace) {
    get().resolve?.(replace);
    set({ question: null, resolve: null });
  },
}));
