import type { Mail } from '../../src-shared/mail/schemas.ts';

/** What a code notification says. */
export interface CodeNotice {
  title: string;
  body: string;
  code: string;
}

/** The notice for a mail, or null when the mail carries no verification code. */
export function codeNotice(mail: Mail): CodeNotice | null {
  if (!mail.code) return null;
  const sender = mail.from_name || mail.from || 'an unknown sender';
  const subject = mail.subject?.trim() || '(no subject)';
  return {
    title: `Code ${mail.code}`,
    body: `${subject}\nFrom ${sender} to ${mail.email}. Click to copy the code.`,
    code: mail.code,
  };
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
}

/**
 * Shows a system notification for each mail that carries a code; clicking it copies the code.
 * Shown notifications are held until clicked or closed: Electron drops the click handler of a
 * notification that was garbage-collected (electron/electron#12690).
 */
export function createCodeNotifier(deps: CodeNotifierDeps): (mail: Mail) => void {
  const live = new Set<NotificationLike>();
  return (mail) => {
    const notice = codeNotice(mail);
    if (!notice || !deps.enabled()) return;
    const notification = deps.create({ title: notice.title, body: notice.body });
    live.add(notification);
    notification.on('click', () => {
      deps.copy(notice.code);
      live.delete(notification);
    });
    notification.on('close', () => live.delete(notification));
    notification.show();
  };
}
