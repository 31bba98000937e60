import { useState, type ReactElement } from 'react';
import { asApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { LeaseCountdown } from './lease-countdown.tsx';
import { UNREAD_CAP, useUnread } from './mail-refresh.ts';
import { useInbox } from './inbox-store.ts';
import { useMailboxes } from './mailbox-store.ts';
import { NewAddressDomainSelect } from './new-address-domain-select.tsx';

/** "New address", "several at once", and the mailboxes this device made. */
export function MailboxList({
  onCollapse = null,
}: {
  /** Folds the mailbox column to a rail (not offered on a phone, where it is a whole screen). */
  onCollapse?: (() => void) | null;
}): ReactElement {
  const t = useT();
  const mailboxes = useMailboxes((s) => s.mailboxes);
  const selected = useInbox((s) => s.selected);
  const select = useInbox((s) => s.select);
  const generate = useMailboxes((s) => s.generate);
  const generating = useMailboxes((s) => s.generating);
  const toast = useToasts((s) => s.show);
  const [count, setCount] = useState(5);
  const [several, setSeveral] = useState(false);

  const make = async (n: number): Promise<void> => {
    try {
      const leases = await generate(n);
      const first = leases[0];
      if (first) void select(first.email);
      toast(
        n === 1 ? t('mail.generated.one') : t('mail.generated.many', { count: leases.length }),
        'success',
      );
    } catch (err) {
      const e = asApiError(err);
      if (e.kind !== 'auth') toast(e, 'error');
    }
  };

  return (
    <div className="mailboxes">
      {onCollapse ? (
        // A row of its own: beside "New address" and "Several…" the toggle did not fit the
        // column and was cut in half.
        <div className="mailboxes-head">
          <h2 className="mailboxes-title">{t('mail.list')}</h2>
          <Button
            variant="ghost"
            size="sm"
            icon="panel"
            className="mailboxes-collapse"
            aria-label={t('mail.layout.hideMailboxes')}
            title={t('mail.layout.hideMailboxes')}
            aria-expanded={true}
            onClick={onCollapse}
            data-testid="mailboxes-collapse"
          />
        </div>
      ) : null}
      <div className="mailboxes-actions">
        <Button
          variant="primary"
          icon="plus"
          loading={generating && !several}
          onClick={() => void make(1)}
          data-testid="new-mailbox"
        >
          {t('mail.new')}
        </Button>
        <Button
          variant="ghost"
          aria-expanded={several}
          onClick={() => setSeveral((s) => !s)}
          data-testid="several-toggle"
        >
          {t('mail.several')}
        </Button>
      </div>
      <NewAddressDomainSelect />
      {several ? (
        <form
          className="batch"
          onSubmit={(event) => {
            event.preventDefault();
            void make(count);
          }}
        >
          <label htmlFor="batch-count">{t('mail.batch.count')}</label>
          <input
            id="batch-count"
            type="number"
            min={1}
            max={100}
            value={count}
            inputMode="numeric"
            onChange={(event) =>
              setCount(Math.max(1, Math.min(100, Number(event.target.value) || 1)))
            }
          />
          <Button
            type="submit"
            variant="secondary"
            loading={generating}
            data-testid="batch-generate"
          >
            {t('mail.batch.submit', { count })}
          </Button>
        </form>
      ) : null}
      {mailboxes.length === 0 ? (
        <EmptyState icon="inbox" title={t('mail.empty.title')}>
          {t('mail.empty.body')}
        </EmptyState>
      ) : (
        <ul className="mailbox-list" aria-label={t('mail.list')} data-testid="mailbox-list">
          {mailboxes.map((lease) => {
            return (
              <li key={lease.email}>
                <button
                  type="button"
                  className={`mailbox ${lease.email === selected ? 'is-selected' : ''}`}
                  aria-current={lease.email === selected ? 'true' : undefined}
                  onClick={() => void select(lease.email)}
                  data-testid="mailbox"
                >
                  <span className="mailbox-address">{lease.email}</span>
                  <UnreadBadge email={lease.email} />
                  <span className="mailbox-meta">
                    <LeaseCountdown lease={lease} />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** "3 unread" beside a mailbox (nothing when none); "99+" past the count's cap. */
function UnreadBadge({ email }: { email: string }): ReactElement | null {
  const t = useT();
  const count = useUnread(email);
  if (count === 0) return null;
  const shown = count > UNREAD_CAP ? `${UNREAD_CAP}+` : String(count);
  return (
    <span className="unread-count" data-testid="mailbox-unread">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{t('mail.unreadCount', { count: shown })}</span>
    </span>
  );
}
