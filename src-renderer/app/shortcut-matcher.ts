import type { KeySequence, Shortcut } from './shortcuts.ts';

/** The parts of a KeyboardEvent that decide whether it is a shortcut. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}

/** The part of an element that says whether keys pressed on it are text being typed. */
export interface KeyTarget {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

/** How long a started sequence ("g", then …) waits for its next key. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** Inputs whose keys are not text: shortcuts still work while one of them has the focus. */
const NON_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/**
 * The key as the table names it, or null when it cannot be a shortcut: Ctrl, Meta or Alt held
 * (the browser's and the system's own shortcuts), or an input method composing text. Shift is
 * allowed, since it makes "?"; a letter typed with Caps Lock counts as the letter.
 */
export function shortcutKey(press: KeyPress): string | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return null;
  if (press.key.length === 1 && !press.shiftKey) return press.key.toLowerCase();
  return press.key;
}

/** Whether keys pressed on `target` type text (a text field, a select, an editable element). */
export function isTypingTarget(target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

export type Match =
  | { kind: 'shortcut'; shortcut: Shortcut }
  /** The key starts (or continues) a sequence: swallow it and wait for the next. */
  | { kind: 'pending' }
  | { kind: 'none' };

function same(a: KeySequence, b: KeySequence): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

function startsWith(sequence: KeySequence, prefix: KeySequence): boolean {
  return prefix.length < sequence.length && prefix.every((key, i) => key === sequence[i]);
}

/**
 * Follows keys pressed one after another against the table's sequences. Only shortcuts with an
 * action take part; the others are listed for the help overlay and work by themselves.
 */
export function createMatcher(
  table: readonly Shortcut[],
  timeout = SEQUENCE_TIMEOUT_MS,
): { feed: (key: string, now: number) => Match; reset: () => void } {
  const active = table.filter((s) => s.action !== undefined);
  let typed: string[] = [];
  let last = 0;

  const attempt = (sequence: string[]): Match => {
    const shortcut = active.find((s) => s.keys.some((keys) => same(keys, sequence)));
    if (shortcut) return { kind: 'shortcut', shortcut };
    if (active.some((s) => s.keys.some((keys) => startsWith(keys, sequence)))) {
      return { kind: 'pending' };
    }
    return { kind: 'none' };
  };

  return {
    feed(key, now) {
      if (typed.length > 0 && now - last > timeout) typed = [];
      last = now;
      let match = attempt([...typed, key]);
      // A sequence that does not go on this way gives way to the key on its own: "g j" moves.
      if (match.kind === 'none' && typed.length > 0) {
        typed = [];
        match = attempt([key]);
      }
      typed = match.kind === 'pending' ? [...typed, key] : [];
      return match;
    },
    reset() {
      typed = [];
    },
  };
}
