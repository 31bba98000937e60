import { useEffect, type ReactElement } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../i18n/i18n.ts';
import { Inbox } from './inbox.tsx';
import { MailboxList } from './mailbox-list.tsx';
import { useMail } from './mail-store.ts';

/** Temporary mailboxes: the list on the left, the open inbox on the right (one at a time on a phone). */
export function MailPage(): ReactElement {
  const t = useT();
  const selected = useMail((s) => s.selected);
  const lease = useMail((s) => s.mailboxes.find((m) => m.email === s.selected) ?? null);
  const select = useMail((s) => s.select);

  useEffect(() => {
    // A mailbox forgotten elsewhere (another tab) closes here too.
    if (selected && !lease) void select(null);
  }, [selected, lease, select]);

  return (
    <div className={`page page-mail ${selected ? 'has-selection' : ''}`}>
      <header className="page-head">
        <div>
          <h1>{t('mail.title')}</h1>
          <p className="page-lede">{t('mail.lede')}</p>
        </div>
      </header>
      <div className="mail-layout">
        <aside className="card mailboxes-pane" aria-label={t('mail.mailboxes')}>
          <MailboxList />
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
