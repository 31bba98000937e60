import { useEffect, type ReactElement } from 'react';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useMedia } from '../../lib/use-media.ts';
import { Inbox } from './inbox.tsx';
import { MailboxList } from './mailbox-list.tsx';
import { PHONE_QUERY, useMailLayout } from './mail-layout-store.ts';
import { refreshMailboxes, UNREAD_CAP, useUnreadTotal } from './mail-refresh.ts';
import { visitMail } from './mail-visit.ts';
import { useInbox } from './inbox-store.ts';
import { useMailboxes } from './mailbox-store.ts';

/** How often the listed mailboxes are read again while the page is shown. */
const REFRESH_EVERY_MS = 60_000;

/**
 * Temporary mailboxes: the list on the left, the open inbox on the right (one at a time on a
 * phone). The mailbox column folds to a rail while a mail is open, unless the person chose
 * otherwise, so the reading pane gets the window's width.
 */
export function MailPage(): ReactElement {
  const t = useT();
  const selected = useInbox((s) => s.selected);
  const lease = useMailboxes((s) => s.mailboxes.find((m) => m.email === selected) ?? null);
  const select = useInbox((s) => s.select);
  const mailOpen = useInbox((s) => s.openMailId !== null);
  const chosen = useMailLayout((s) => s.mailboxesCollapsed);
  const setCollapsed = useMailLayout((s) => s.setMailboxesCollapsed);
  const fullView = useMailLayout((s) => s.fullView && mailOpen);
  const phone = useMedia(PHONE_QUERY);
  const unread = useUnreadTotal();
  const collapsed = !phone && (chosen ?? (selected !== null && mailOpen));

  // The server's state, live: on load, whenever the window comes back, and on every arrival.
  useEffect(() => {
    const again = (): void => {
      if (document.visibilityState === 'visible') void refreshMailboxes();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    // Other mailboxes have no live stream: a slow look every minute while the page is shown.
    const timer = setInterval(again, REFRESH_EVERY_MS);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, []);
  const arrivals = useInbox((s) => s.fresh.length);
  useEffect(() => {
    if (arrivals > 0 && selected) void refreshMailboxes([selected]);
  }, [arrivals, selected]);

  useEffect(visitMail, []);

  useEffect(() => {
    // A mailbox forgotten elsewhere (another tab) closes here too.
    if (selected && !lease) void select(null);
  }, [selected, lease, select]);

  const classes = [
    'page',
    'page-mail',
    selected ? 'has-selection' : '',
    mailOpen ? 'has-open-mail' : '',
    collapsed ? 'mailboxes-collapsed' : '',
    fullView ? 'is-full-view' : '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <header className="page-head">
        <div>
          <h1>{t('mail.title')}</h1>
          <p className="page-lede">{t('mail.lede')}</p>
        </div>
      </header>
      <div className="mail-layout">
        <aside
          className={`card mailboxes-pane ${collapsed ? 'is-collapsed' : ''}`}
          aria-label={t('mail.mailboxes')}
          data-testid="mailboxes-pane"
        >
          {collapsed ? (
            <>
              <Button
                variant="ghost"
                icon="panel"
                aria-label={t('mail.layout.showMailboxes')}
                title={t('mail.layout.showMailboxes')}
                aria-expanded={false}
                onClick={() => setCollapsed(false)}
                data-testid="mailboxes-expand"
              />
              {unread > 0 ? (
                // The folded column still says how much is unread across the mailboxes.
                <span className="unread-count rail-unread" data-testid="rail-unread">
                  <span aria-hidden="true">{unread > UNREAD_CAP ? `${UNREAD_CAP}+` : unread}</span>
                  <span className="sr-only">{t('mail.unreadCount', { count: unread })}</span>
                </span>
              ) : null}
            </>
          ) : (
            <MailboxList onCollapse={phone ? null : () => setCollapsed(true)} />
          )}
        </aside>
        <section className="card inbox-pane">
          {lease ? (
            <Inbox lease={lease} />
          ) : (
            <EmptyState icon="mail" title={t('mail.none.title')}>
              {t('mail.none.body')}
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}
