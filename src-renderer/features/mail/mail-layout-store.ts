import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Where the mailbox list and the inbox take turns instead of standing side by side. */
export const PHONE_QUERY = '(max-width: 760px)';
/** Where list and reading pane take turns (layout/responsive.css): no reading pane beside the list. */
export const ONE_PANE_QUERY = '(max-width: 1100px)';

/** The mail list's width bounds (px); the reading pane gets the rest of the inbox. */
export const LIST_WIDTH = { min: 240, max: 640, initial: 380, step: 24 } as const;

interface MailLayoutState {
  /** The mail list's width; the reading pane takes what is left. Remembered on this device. */
  listWidth: number;
  /**
   * The mailbox column: null follows the mail (collapsed while one is open, so the reading
   * pane has the room); true or false once the person chose, remembered on this device.
   */
  mailboxesCollapsed: boolean | null;
  /** One mail over the whole inbox card (not remembered: a reload shows the usual panes). */
  fullView: boolean;
  setListWidth: (width: number) => void;
  setMailboxesCollapsed: (collapsed: boolean) => void;
  setFullView: (on: boolean) => void;
}

export function clampListWidth(width: number): number {
  if (!Number.isFinite(width)) return LIST_WIDTH.initial;
  return Math.round(Math.min(LIST_WIDTH.max, Math.max(LIST_WIDTH.min, width)));
}

/** How the mail screen divides the window: sizes and the collapsed column. */
export const useMailLayout = create<MailLayoutState>()(
  persist(
    (set) => ({
      listWidth: LIST_WIDTH.initial,
      mailboxesCollapsed: null,
      fullView: false,
      setListWidth: (width) => set({ listWidth: clampListWidth(width) }),
      setMailboxesCollapsed: (collapsed) => set({ mailboxesCollapsed: collapsed }),
      setFullView: (on) => set({ fullView: on }),
    }),
    {
      name: 'ephemera.mailLayout',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ listWidth, mailboxesCollapsed }) => ({ listWidth, mailboxesCollapsed }),
      merge: (saved, current) => {
        const s = (saved ?? {}) as Partial<MailLayoutState>;
        return {
          ...current,
          listWidth: clampListWidth(s.listWidth ?? current.listWidth),
          mailboxesCollapsed:
            typeof s.mailboxesCollapsed === 'boolean' ? s.mailboxesCollapsed : null,
        };
      },
    },
  ),
);
