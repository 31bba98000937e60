import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Icon } from '../../components/icon.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useShortcutAction } from '../../stores/shortcut-store.ts';
import { asApiError } from '../../api/client.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { useUnread } from './mail-refresh.ts';
import { useInbox } from './inbox-store.ts';
import { useMailSearch } from './mail-search-store.ts';
import { markAllRead } from './mark-all-read.ts';

/** How long typing pauses before the search runs (Enter runs it at once). */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Searches the open mailbox as you type (after a 250 ms pause; Enter at once), with the
 * server's `from:`, `subject:`, `has:attachment`, `is:unread` (docs/API.md); clearing shows
 * every mail.
 */
export function MailSearch(): ReactElement {
  const t = useT();
  const search = useMailSearch((s) => s.search);
  const clearSearch = useMailSearch((s) => s.clearSearch);
  const searching = useMailSearch((s) => s.searching);
  const active = useMailSearch((s) => s.results !== null);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useShortcutAction('mail.search', () => input.current?.select());
  const cancel = (): void => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  return (
    <form
      className="mail-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        cancel();
        void search(text);
      }}
    >
      <Icon name="search" size={16} />
      <input
        ref={input}
        type="search"
        className="mail-search-input"
        value={text}
        maxLength={256}
        placeholder={t('mail.search.placeholder')}
        aria-label={t('mail.search.label')}
        data-testid="mail-search"
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          cancel();
          if (value.trim() === '') clearSearch();
          else timer.current = setTimeout(() => void search(value), SEARCH_DEBOUNCE_MS);
        }}
      />
      {active || searching ? (
        <Button
          size="sm"
          variant="ghost"
          icon="x"
          aria-label={t('mail.search.clear')}
          onClick={() => {
            cancel();
            setText('');
            clearSearch();
          }}
          data-testid="mail-search-clear"
        />
      ) : null}
    </form>
  );
}

/** "Empty mailbox", asking first; the mails go at once and are deleted when the undo ends. */
export function EmptyMailboxButton({ count }: { count: number }): ReactElement {
  const t = useT();
  const emptyMailbox = useInbox((s) => s.emptyMailbox);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        icon="trash"
        disabled={count === 0}
        className="head-action"
        aria-label={t('mail.emptyBox')}
        title={t('mail.emptyBox')}
        onClick={() => setAsking(true)}
        data-testid="empty-mailbox"
      >
        {t('mail.emptyBox')}
      </Button>
      <Dialog
        open={asking}
        title={t('mail.emptyBox.title')}
        onClose={() => setAsking(false)}
        testId="empty-dialog"
      >
        <p className="muted">{t('mail.emptyBox.body', { count })}</p>
        <div className="dialog-actions">
          <Button variant="ghost" onClick={() => setAsking(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            icon="trash"
            onClick={() => {
              setAsking(false);
              emptyMailbox();
            }}
            data-testid="empty-confirm"
          >
            {t('mail.emptyBox.confirm')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** "Mark all read" for the open mailbox; disabled when nothing is unread. */
export function MarkAllReadButton(): ReactElement {
  const t = useT();
  const email = useInbox((s) => s.selected) ?? '';
  const unread = useUnread(email);
  const toast = useToasts((s) => s.show);
  return (
    <Button
      size="sm"
      variant="ghost"
      icon="check"
      disabled={unread === 0}
      className="head-action"
      aria-label={t('mail.markAllRead')}
      title={t('mail.markAllRead')}
      onClick={() => void markAllRead().catch((err: unknown) => toast(asApiError(err), 'error'))}
      data-testid="mark-all-read"
    >
      {t('mail.markAllRead')}
    </Button>
  );
}
