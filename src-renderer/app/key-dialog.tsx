import type { ReactElement } from 'react';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../i18n/i18n.ts';
import { useKeyPrompt } from '../stores/key-prompt-store.ts';
import { useServer } from '../stores/server-store.ts';

/**
 * Asks once per device for the API key the mail and settings calls need. A refused key stays in
 * the field to be checked; the dialog lists the other ways in and names the computer meant.
 */
export function KeyDialog(): ReactElement {
  const t = useT();
  const open = useKeyPrompt((s) => s.open);
  const invalid = useKeyPrompt((s) => s.invalid);
  const message = useKeyPrompt((s) => s.message);
  const answer = useKeyPrompt((s) => s.answer);
  const key = useKeyPrompt((s) => s.draft);
  const setKey = useKeyPrompt((s) => s.setDraft);
  const local = useServer((s) => s.info?.client_is_local ?? isLoopbackPage());
  // The computer running Ephemera is the one this page came from: its address as typed.
  const computer = local ? t('key.thisComputer') : window.location.host;
  return (
    <Dialog open={open} title={t('key.title')} onClose={() => answer(null)} testId="key-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const value = key.trim();
          if (value === '') return;
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
          aria-invalid={invalid || undefined}
          autoFocus
          onFocus={(event) => {
            if (invalid) event.currentTarget.select();
          }}
          onChange={(event) => setKey(event.target.value)}
        />
        <div className="key-ways" data-testid="key-ways">
          <p className="hint">{t('key.ways', { computer })}</p>
          <ul className="hint">
            <li>
              {t('key.way.link')} <code className="hint-code">npm run cli -- sign-in</code>
            </li>
            <li>{t('key.way.tray')}</li>
            <li>{t('key.way.desktop')}</li>
            <li>
              {t('key.way.cli')} <code className="hint-code">npm run cli -- keys create</code>
            </li>
          </ul>
        </div>
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

/** Before /api/info answers: a page served from 127.x, ::1 or localhost is on the computer. */
function isLoopbackPage(): boolean {
  const host = window.location.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}
