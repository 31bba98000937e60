import { describe, expect, it } from 'vitest';
import {
  createMatcher,
  isTypingTarget,
  shortcutKey,
  type KeyPress,
} from '../../src-renderer/app/shortcut-matcher.ts';
import { SHORTCUTS } from '../../src-renderer/app/shortcuts.ts';

const press = (key: string, held: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...held,
});

/** Feeds keys one after another, 100 ms apart; what each one matched. */
function feed(keys: string[], gap = 100): string[] {
  const matcher = createMatcher(SHORTCUTS, 1500);
  return keys.map((key, i) => {
    const match = matcher.feed(key, i * gap);
    return match.kind === 'shortcut' ? (match.shortcut.action ?? '') : match.kind;
  });
}

describe('shortcut keys', () => {
  it('leaves keys held with Ctrl, Meta or Alt and keys of an input method alone', () => {
    expect(shortcutKey(press('j', { ctrlKey: true }))).toBeNull();
    expect(shortcutKey(press('j', { metaKey: true }))).toBeNull();
    expect(shortcutKey(press('j', { altKey: true }))).toBeNull();
    expect(shortcutKey(press('j', { isComposing: true }))).toBeNull();
    expect(shortcutKey(press('?', { shiftKey: true }))).toBe('?');
    expect(shortcutKey(press('J'))).toBe('j'); // Caps Lock
    expect(shortcutKey(press('J', { shiftKey: true }))).toBe('J');
  });

  it('counts text fields, selects and editable elements as typing, not buttons or checkboxes', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('createMatcher', () => {
  it('matches single keys and "g, then a letter"', () => {
    expect(feed(['j', 'k', 'c', '/', '?', 'v'])).toEqual([
      'mail.next',
      'mail.previous',
      'mail.copyCode',
      'mail.search',
      'help',
      'video.paste',
    ]);
    expect(feed(['g', 'm', 'g', 's'])).toEqual(['pending', 'go.mail', 'pending', 'go.settings']);
  });

  it('"g v" goes to Video, while "v" alone is the paste shortcut', () => {
    expect(feed(['g', 'v', 'v'])).toEqual(['pending', 'go.video', 'video.paste']);
  });

  it('a sequence that does not go on gives way to the key on its own', () => {
    expect(feed(['g', 'j'])).toEqual(['pending', 'mail.next']);
    expect(feed(['g', 'x', 'm'])).toEqual(['pending', 'none', 'none']);
  });

  it('a started sequence expires', () => {
    expect(feed(['g', 'm'], 2000)).toEqual(['pending', 'none']);
  });

  it('ignores the keys listed only for the overlay', () => {
    expect(feed(['Enter', 'ArrowDown', 'Escape'])).toEqual(['none', 'none', 'none']);
  });

  it('every key sequence of the table is used once', () => {
    const all = SHORTCUTS.flatMap((s) => s.keys.map((k) => k.join(' ')));
    expect(new Set(all).size).toBe(all.length);
  });
});
