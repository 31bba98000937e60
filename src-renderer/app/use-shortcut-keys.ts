import { useEffect } from 'react';
import { createMatcher, isTypingTarget, shortcutKey } from './shortcut-matcher.ts';
import { runShortcut, runWhenRegistered, useShortcuts } from '../stores/shortcut-store.ts';
import { GO_ROUTES, SHORTCUTS, type Shortcut } from './shortcuts.ts';
import type { Route } from './use-route.ts';

/** Whether a modal dialog is open: its own keys (Escape closes it) are the only ones that count. */
function modalOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

function go(route: Route): void {
  window.location.hash = `#/${route}`;
}

function perform(shortcut: Shortcut, route: Route): void {
  const action = shortcut.action;
  if (!action) return;
  if (action === 'help') return useShortcuts.getState().openHelp();
  const target = GO_ROUTES[action];
  if (target) return go(target);
  if (shortcut.route && shortcut.route !== route) {
    go(shortcut.route);
    runWhenRegistered(action);
    return;
  }
  runShortcut(action);
}

/**
 * Listens for the table's shortcuts on the whole page. Keys typed into a field, keys held with
 * Ctrl/Meta/Alt, and keys pressed while a dialog is open are left alone.
 */
export function useShortcutKeys(route: Route): void {
  useEffect(() => {
    const matcher = createMatcher(SHORTCUTS);
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented) return;
      const key = shortcutKey(event);
      if (key === null || isTypingTarget(event.target as HTMLElement | null) || modalOpen()) {
        matcher.reset();
        return;
      }
      const match = matcher.feed(key, event.timeStamp);
      if (match.kind === 'none') return;
      // The key is ours: it must not also type into the field a shortcut has just focused.
      event.preventDefault();
      if (match.kind === 'shortcut') perform(match.shortcut, route);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [route]);
}
