import { useState, type ReactElement } from 'react';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../i18n/i18n.ts';
import { useKeyPrompt } from '../stores/key-prompt-store.ts';

/** Asks once per device for the API key the mail and settings calls need. */
export function KeyDialog(): ReactElement {
  const t = useT();
  const open = useKeyPrompt((s) => s.open);
  const invalid = useKeyPrompt((s) => s.invalid);
  const message = useKeyPrompt((s) => s.message);
  const answer = useKeyPrompt((s) => s.answer);
  const [key, setKey] = useState('');
  return (
    <Dialog open={open} title={t('key.title')} onClose={() => answer(null)} testId="key-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const value = key.trim();
          if (value === '') return;
          setKey('');
          answer(value);
        }}
      >
        <p className="muted">{t('key.body')}</p>
        {invalid ? (
          // Every refusal here is a 401 (MAIL_AUTH_FAILED): said in the UI's language, with the
          // server's sentence (why it was refused) as a tooltip.
          <p className="field-error" role="alert" title={message ?? undefined}>
            {t('key.invalid')}
          </p>
        ) : null}
        <label htmlFor="api-key" className="field-label">
          {t('key.label')}
        </label>
        <input
          id="api-key"
          data-testid="api-key-input"
          value={key}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="eph_…"
          autoFocus
          onChange={(event) => setKey(event.target.value)}
        />
        <p className="hint">{t('key.where')}</p>
        <code className="hint-code">npm run cli -- keys create --name phone</code>
        <div className="dialog-actions">
          <Button variant="ghost" onClick={() => answer(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={key.trim() === ''}
            data-testid="api-key-save"
          >
            {t('key.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
