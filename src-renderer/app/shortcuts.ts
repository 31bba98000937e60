import type { MessageKey } from '../i18n/i18n.ts';
import type { ShortcutAction } from '../stores/shortcut-store.ts';
import type { Route } from './use-route.ts';

export type ShortcutGroup = 'general' | 'screens' | 'mail' | 'video';

/** A key sequence, as `KeyboardEvent.key` names its keys: ['g', 'm'] is g, then m. */
export type KeySequence = readonly string[];

export interface Shortcut {
  /** Alternatives, any of which does it. */
  keys: readonly KeySequence[];
  label: MessageKey;
  group: ShortcutGroup;
  /** None: the key works by itself (the browser, or the control with the focus); listed only. */
  action?: ShortcutAction;
  /** The screen the action belongs to: pressed on another one, the app goes there first. */
  route?: Route;
}

/**
 * Every keyboard shortcut of the web UI. The key handler and the help overlay both read this
 * table, so the overlay cannot list a key that does nothing, or miss one. "g, then a letter"
 * switches screens as in Gmail and GitHub; single letters act on the screen shown.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: [['?']], action: 'help', label: 'shortcuts.help', group: 'general' },
  { keys: [['Escape']], label: 'shortcuts.close', group: 'general' },
  { keys: [['g', 'v']], action: 'go.video', label: 'shortcuts.goVideo', group: 'screens' },
  { keys: [['g', 'm']], action: 'go.mail', label: 'shortcuts.goMail', group: 'screens' },
  { keys: [['g', 'p']], action: 'go.phone', label: 'shortcuts.goPhone', group: 'screens' },
  { keys: [['g', 's']], action: 'go.settings', label: 'shortcuts.goSettings', group: 'screens' },
  {
    keys: [['v']],
    action: 'video.paste',
    route: 'video',
    label: 'shortcuts.videoPaste',
    group: 'video',
  },
  { keys: [['j']], action: 'mail.next', label: 'shortcuts.mailNext', group: 'mail' },
  { keys: [['k']], action: 'mail.previous', label: 'shortcuts.mailPrevious', group: 'mail' },
  { keys: [['ArrowDown'], ['ArrowUp']], label: 'shortcuts.mailArrows', group: 'mail' },
  { keys: [['Enter']], label: 'shortcuts.mailOpen', group: 'mail' },
  { keys: [['c']], action: 'mail.copyCode', label: 'shortcuts.mailCopyCode', group: 'mail' },
  { keys: [['/']], action: 'mail.search', label: 'shortcuts.mailSearch', group: 'mail' },
];

export const SHORTCUT_GROUPS: readonly { group: ShortcutGroup; label: MessageKey }[] = [
  { group: 'general', label: 'shortcuts.group.general' },
  { group: 'screens', label: 'shortcuts.group.screens' },
  { group: 'mail', label: 'shortcuts.group.mail' },
  { group: 'video', label: 'shortcuts.group.video' },
];

/** The screens "g, then …" goes to. */
export const GO_ROUTES: Partial<Record<ShortcutAction, Route>> = {
  'go.video': 'video',
  'go.mail': 'mail',
  'go.phone': 'phone',
  'go.settings': 'settings',
};
