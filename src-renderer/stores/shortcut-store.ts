import { useEffect, useEffectEvent } from 'react';
import { create } from 'zustand';

/** What a shortcut does; features register the handlers (`useShortcutAction`). */
export type ShortcutAction =
  | 'mail.next'
  | 'mail.previous'
  | 'mail.copyCode'
  | 'mail.search'
  | 'video.paste'
  | 'go.video'
  | 'go.mail'
  | 'go.phone'
  | 'go.settings'
  | 'help';

type Handler = () => void;

interface ShortcutState {
  /** Whether the help overlay (the list of shortcuts) is open. */
  helpOpen: boolean;
  openHelp: () => void;
  closeHelp: () => void;
}

/** The help overlay's state: opened by "?" and by the app bar's button. */
export const useShortcuts = create<ShortcutState>()((set) => ({
  helpOpen: false,
  openHelp: () => {
    // Taken now: once the dialog is open, the focus is inside it.
    returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    set({ helpOpen: true });
  },
  closeHelp: () => set({ helpOpen: false }),
}));

/** Where the focus was before the help overlay opened; it goes back there on close. */
let returnFocus: HTMLElement | null = null;

/** Gives the focus back to where it was before the help overlay opened (if still there). */
export function restoreFocusAfterHelp(): void {
  const target = returnFocus;
  returnFocus = null;
  if (target?.isConnected) target.focus({ preventScroll: true });
}

// Handlers are not state anything renders, so they live outside the store: registering one on
// every mount re-renders nothing.
const handlers = new Map<ShortcutAction, Handler>();
/**
 * An action whose screen was not shown yet: it runs once its screen registers it, if that is
 * soon (a screen that failed to load must not grab the focus much later).
 */
let pending: { action: ShortcutAction; until: number } | null = null;
const PENDING_MS = 2000;

/** Runs the action if a mounted feature handles it; false when none does. */
export function runShortcut(action: ShortcutAction): boolean {
  const handler = handlers.get(action);
  if (!handler) return false;
  handler();
  return true;
}

/** Runs the action as soon as a feature registers it (after a change of screen). */
export function runWhenRegistered(action: ShortcutAction): void {
  if (!runShortcut(action)) pending = { action, until: Date.now() + PENDING_MS };
}

/**
 * Lets a feature do an action while it is mounted: the shortcut module knows the key, the
 * feature knows what to do. The handler always sees the component's latest props and state.
 */
export function useShortcutAction(action: ShortcutAction, handler: Handler): void {
  const run = useEffectEvent(handler);
  useEffect(() => {
    const mine: Handler = () => run();
    handlers.set(action, mine);
    if (pending?.action === action) {
      const due = pending.until >= Date.now();
      pending = null;
      if (due) mine();
    }
    return () => {
      if (handlers.get(action) === mine) handlers.delete(action);
    };
  }, [action]);
}
