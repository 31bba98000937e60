import { useRef, useState, type ReactElement } from 'react';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Icon } from '../../components/icon.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useShortcutAction } from '../../stores/shortcut-store.ts';
import { useMail } from './mail-store.ts';

/** Searches the open mailbox (sender, subject, text) on submit; clearing shows every mail. */
export function MailSearch(): ReactElement {
  const t = useT();
  const search = useMail((s) => s.search);
  const clearSearch = useMail((s) => s.clearSearch);
  const searching = useMail((s) => s.searching);
  const active = useMail((s) => s.results !== null);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useShortcutAction('mail.search', () => input.current?.select());
  return (
    <form
      className="mail-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
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
          setText(event.target.value);
          if (event.target.value === '') clearSearch();
        }}
      />
      {active || searching ? (
        <Button
          size="sm"
          variant="ghost"
          icon="x"
          aria-label={t('mail.search.clear')}
          onClick={() => {
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
  const emptyMailbox = useMail((s) => s.emptyMailbox);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        icon="trash"
        disabled={count === 0}
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
