import { create } from 'zustand';

interface KeyPromptState {
  open: boolean;
  invalid: boolean;
  message: string | null;
  resolve: ((key: string | null) => void) | null;
  /**
   * What is typed in the field. Kept after Save, so a key the server refuses is still there to
   * check (a typo, a missing character) instead of being wiped.
   */
  draft: string;
  setDraft: (draft: string) => void;
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
  draft: '',
  setDraft: (draft) => set({ draft }),
  ask: (reason) =>
    new Promise((resolve) => {
      // A first ask starts empty; after a refusal the refused key stays to be checked.
      const draft = reason.invalid ? get().draft : '';
      set({ open: true, invalid: reason.invalid, message: reason.message, resolve, draft });
    }),
  answer(key) {
    get().resolve?.(key);
    set({ open: false, resolve: null });
  },
}));
