import { create } from 'zustand';

interface KeyPromptState {
  open: boolean;
  invalid: boolean;
  message: string | null;
  resolve: ((key: string | null) => void) | null;
  /** Opens the dialog; resolves with what the person entered, or null if they closed it. */
  ask: (reason: { invalid: boolean; message: string | null }) => Promise<string | null>;
  answer: (key: string | null) => void;
}

/** State of the "enter your API key" dialog the browser transport asks through. */
export const useKeyPrompt = create<KeyPromptState>()((set, get) => ({
  open: false,
  invalid: false,
  message: null,
  resolve: null,
  ask: (reason) =>
    new Promise((resolve) => {
      set({ open: true, invalid: reason.invalid, message: reason.message, resolve });
    }),
  answer(key) {
    get().resolve?.(key);
    set({ open: false, resolve: null });
  },
}));
