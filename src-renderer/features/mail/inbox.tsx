import { useState, type CSSProperties, type ReactElement } from 'react';
import { asApiError, type Lease, type Mail } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useNow } from '../../lib/use-now.ts';
import { useShortcutAction } from '../../stores/shortcut-store.ts';
import { serverToLocal, useServerClock } from '../../stores/server-clock.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { CodeChip, copyCode } from './code-chip.tsx';
import { MailList } from './mail-list.tsx';
import { LeaseCountdown } from './lease-countdown.tsx';
import { useMailLayout } from './mail-layout-store.ts';
import { useInbox } from './inbox-store.ts';
import { useMailSearch } from './mail-search-store.ts';
import { useMailboxes } from './mailbox-store.ts';
import { EmptyMailboxButton, MailSearch, MarkAllReadButton } from './mail-tools.tsx';
import { MailView } from './mail-view.tsx';
import { PaneSplitter } from './pane-splitter.tsx';
import { RareActions } from './rare-actions.tsx';

/** The open mailbox: its address and lease, the latest code, its mails, and one mail. */
export function Inbox({ lease }: { lease: Lease }): ReactElement {
  const t = useT();
  const inbox = useInbox((s) => s.inbox);
  const state = useInbox((s) => s.inboxState);
  const error = useInbox((s) => s.inboxError);
  const openMailId = useInbox((s) => s.openMailId);
  const openMail = useInbox((s) => s.openMail);
  const select = useInbox((s) => s.select);
  const results = useMailSearch((s) => s.results);
  const searchError = useMailSearch((s) => s.searchError);
  const shown = results ?? inbox;
  const open =
    inbox.find((m) => m.id === openMailId) ?? results?.find((m) => m.id === openMailId) ?? null;
  // While that very mail is open its code is shown in the reading pane; once is enough.
  const latest = latestCode(inbox);
  const latestWithCode = latest && latest.id !== openMailId ? latest : null;
  const toast = useToasts((s) => s.show);
  const listWidth = useMailLayout((s) => s.listWidth);
  // "c" copies the code of the mail being read; with none open (or it has none), the newest.
  useShortcutAction('mail.copyCode', () => {
    const code = open?.code ?? latest?.code;
    if (code) void copyCode(code, t, toast);
    else toast(t('shortcuts.noCode'), 'info');
  });

  return (
    <div className={`inbox ${open ? 'has-open-mail' : ''}`} data-testid="inbox">
      <InboxHeader lease={lease} count={inbox.length} onBack={() => void select(null)} />
      {latestWithCode?.code ? (
        // While a mail is open the strip is one slim line, leaving the height to the mail.
        <div className={`latest-code ${open ? 'is-slim' : ''}`} data-testid="latest-code">
          <div>
            <span className="latest-code-label">{t('mail.code.latest')}</span>
            <span className="latest-code-from muted">
              {latestWithCode.from_name ?? latestWithCode.from ?? ''}
            </span>
          </div>
          <CodeChip code={latestWithCode.code} size={open ? 'md' : 'lg'} />
        </div>
      ) : null}
      <div className="inbox-body" style={{ '--list-w': `${listWidth}px` } as CSSProperties}>
        <div className="mail-list-pane" id="mail-list-pane">
          {state === 'ready' && inbox.length > 0 ? <MailSearch /> : null}
          {state === 'loading' ? (
            <div className="loading-row">
              <Spinner /> {t('mail.loading')}
            </div>
          ) : state === 'error' ? (
            <EmptyState
              icon="alert"
              tone="error"
              title={t('mail.error.load')}
              action={
                <Button icon="refresh" onClick={() => void select(lease.email)}>
                  {t('common.retry')}
                </Button>
              }
            >
              {error ? <ErrorText error={error} /> : null}
            </EmptyState>
          ) : results !== null && results.length === 0 ? (
            <EmptyState icon="search" title={t('mail.search.none')}>
              {searchError ? <ErrorText error={searchError} /> : t('mail.search.noneBody')}
            </EmptyState>
          ) : inbox.length === 0 ? (
            <EmptyState icon="inbox" title={t('mail.inbox.empty')}>
              {t('mail.inbox.emptyBody')}
            </EmptyState>
          ) : (
            <>
              {results !== null ? (
                <p className="mail-search-count muted" role="status" data-testid="search-count">
                  {t('mail.search.count', { count: results.length })}
                </p>
              ) : null}
              <MailList mails={shown} openId={openMailId} onOpen={openMail} />
            </>
          )}
        </div>
        <PaneSplitter />
        <div className="mail-view-pane">
          {open ? (
            <MailView key={open.id} mail={open} onBack={() => openMail(null)} />
          ) : inbox.length > 0 ? (
            <EmptyState icon="mail" title={t('mail.pick')} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The newest mail that carries a code (the inbox is oldest first). */
function latestCode(inbox: Mail[]): Mail | null {
  for (let i = inbox.length - 1; i >= 0; i -= 1) {
    const mail = inbox[i];
    if (mail?.code) return mail;
  }
  return null;
}

function InboxHeader({
  lease,
  count,
  onBack,
}: {
  lease: Lease;
  count: number;
  onBack: () => void;
}): ReactElement {
  const t = useT();
  const now = useNow();
  const live = useInbox((s) => s.live);
  const extend = useMailboxes((s) => s.extend);
  const reuse = useMailboxes((s) => s.reuse);
  const forget = useMailboxes((s) => s.forget);
  const toast = useToasts((s) => s.show);
  const [busy, setBusy] = useState<'extend' | 'reuse' | null>(null);
  useServerClock((s) => s.offsetMs);
  const until = serverToLocal(Date.parse(lease.expires_at));
  const expired = until <= now;
  const atMax = lease.extension_count >= lease.max_extension_count;

  const run = async (which: 'extend' | 'reuse'): Promise<void> => {
    setBusy(which);
    try {
      await (which === 'extend' ? extend(lease.email) : reuse(lease.email));
      toast(which === 'extend' ? t('mail.extended') : t('mail.reused'), 'success');
    } catch (err) {
      toast(asApiError(err), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <header className="inbox-head">
      <Button variant="ghost" size="sm" icon="back" className="only-phone" onClick={onBack}>
        {t('mail.mailboxes')}
      </Button>
      <div className="inbox-address-row">
        <h2 className="inbox-address" data-testid="inbox-address">
          {lease.email}
        </h2>
        <CopyButton
          text={lease.email}
          label={t('mail.copyAddress')}
          variant="secondary"
          testId="copy-address"
        />
      </div>
      <div className="inbox-meta">
        <span className={`live live-${live}`} data-testid="live-status">
          <span className="live-dot" aria-hidden="true" />
          {t(`mail.live.${live}`)}
        </span>
        <LeaseCountdown lease={lease} />
        <span className="muted">
          {t('mail.extensions', { used: lease.extension_count, max: lease.max_extension_count })}
        </span>
        <span className="spacer" />
        {expired ? (
          <Button
            size="sm"
            variant="primary"
            icon="refresh"
            loading={busy === 'reuse'}
            onClick={() => void run('reuse')}
          >
            {t('mail.reuse')}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            icon="clock"
            disabled={atMax}
            title={atMax ? t('mail.extendLimit') : undefined}
            loading={busy === 'extend'}
            onClick={() => void run('extend')}
            data-testid="extend"
          >
            {t('mail.extend')}
          </Button>
        )}
        <RareActions>
          <MarkAllReadButton />
          <EmptyMailboxButton count={count} />
          <Button
            size="sm"
            variant="ghost"
            icon="x"
            className="head-action"
            aria-label={t('mail.forget')}
            title={t('mail.forget')}
            onClick={() => forget(lease.email)}
          >
            {t('mail.forget')}
          </Button>
        </RareActions>
      </div>
    </header>
  );
}
