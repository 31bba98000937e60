import { asApiError } from '../api/client.ts';
import { createDeferredRemovals, type CommitReason } from '../lib/deferred-removal.ts';
import { useToasts, type ToastMessage } from './toast-store.ts';

/** How long "… · Undo" stays offered before the server call is made. */
export const UNDO_WINDOW_MS = 6000;

const removals = createDeferredRemovals(UNDO_WINDOW_MS);
let watchingPage = false;

/**
 * Keeps the person's intent when the page goes away during a window: the removals are
 * committed then (the DELETE requests are sent with `keepalive`, so they outlive the page).
 * A phone that switches apps may be killed without `pagehide`, so a hidden page commits too.
 */
function watchPage(): void {
  if (watchingPage || typeof window === 'undefined') return;
  watchingPage = true;
  window.addEventListener('pagehide', () => removals.flush('unload'));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') removals.flush('unload');
  });
}

/**
 * Shows `message · Undo` for an item the caller has just hidden. Undo calls `restore`; when the
 * window closes `commit` (the destructive server call, if any) runs, and if it fails the item
 * is restored and the error shown. Closing the toast, or newer toasts pushing it out, commits
 * at once: the undo is offered exactly as long as its toast is on screen.
 */
export function removeWithUndo(options: {
  message: ToastMessage;
  restore: () => void;
  commit?: (reason: CommitReason) => Promise<void>;
}): void {
  watchPage();
  const toasts = useToasts.getState();
  let toastId = 0;
  const id = removals.defer({
    restore: options.restore,
    commit: options.commit,
    onFailed: (error) => useToasts.getState().show(asApiError(error), 'error'),
    onClosed: () => useToasts.getState().remove(toastId),
  });
  toastId = toasts.offer(options.message, 'success', {
    sticky: true,
    action: { label: 'common.undo', run: () => removals.undo(id) },
    onDismiss: () => removals.commitNow(id),
  });
}
