import type { Mail } from '../../src-shared/mail/schemas.ts';
import { isWebUrl } from './window-options.ts';

/** What a mail notification says, and what clicking it does. */
export interface MailNotice {
  title: string;
  body: string;
  /** Copy the code, or open the link in the system browser. */
  action: { kind: 'copy'; text: string } | { kind: 'open'; url: string };
}

/** The notice of a mail with a code: the code itself is kept for callers and tests. */
export type CodeNotice = MailNotice & { code: string };

const describe = (mail: Mail): { sender: string; subject: string } => ({
  sender: mail.from_name || mail.from || 'an unknown sender',
  subject: mail.subject?.trim() || '(no subject)',
});

/** The notice for a mail, or null when the mail carries no verification code. */
export function codeNotice(mail: Mail): CodeNotice | null {
  if (!mail.code) return null;
  const { sender, subject } = describe(mail);
  return {
    title: `Code ${mail.code}`,
    body: `${subject}\nFrom ${sender} to ${mail.email}. Click to copy the code.`,
    code: mail.code,
    action: { kind: 'copy', text: mail.code },
  };
}

/**
 * The notice for a mail whose only shortcut is its link (issue 19): it names the link's host
 * before anything opens, and a click opens it in the system browser.
 */
export function linkNotice(mail: Mail): MailNotice | null {
  if (!mail.link || !isWebUrl(mail.link)) return null;
  const { sender, subject } = describe(mail);
  const host = new URL(mail.link).host;
  return {
    title: `Link to ${host}`,
    body: `${subject}\nFrom ${sender} to ${mail.email}. Click to open ${host} in your browser.`,
    action: { kind: 'open', url: mail.link },
  };
}

/** A mail with both a code and a link gets one notice, the code's (pasting is the quick path). */
export function mailNotice(mail: Mail): MailNotice | null {
  return codeNotice(mail) ?? linkNotice(mail);
}

/** The part of Electron's Notification the notifier uses. */
export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}

export interface CodeNotifierDeps {
  /** Electron's `new Notification(options)`. */
  create(options: { title: string; body: string }): NotificationLike;
  /** Notification.isSupported() && the `codeNotifications` setting. */
  enabled(): boolean;
  copy(text: string): void;
  /** shell.openExternal (the system browser); http(s) only reaches it. */
  openExternal(url: string): void;
}

/**
 * Shows a system notification for each mail that carries a code or a link; clicking it copies
 * the code or opens the link in the system browser. Shown notifications are held until clicked
 * or closed: Electron drops the click handler of a notification that was garbage-collected
 * (electron/electron#12690).
 */
export function createCodeNotifier(deps: CodeNotifierDeps): (mail: Mail) => void {
  const live = new Set<NotificationLike>();
  return (mail) => {
    const notice = mailNotice(mail);
    if (!notice || !deps.enabled()) return;
    const notification = deps.create({ title: notice.title, body: notice.body });
    live.add(notification);
    notification.on('click', () => {
      if (notice.action.kind === 'copy') deps.copy(notice.action.text);
      else deps.openExternal(notice.action.url);
      live.delete(notification);
    });
    notification.on('close', () => live.delete(notification));
    notification.show();
  };
}
