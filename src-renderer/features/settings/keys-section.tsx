import { useState, type ReactElement } from 'react';
import { asApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { Section } from '../../components/section.tsx';
import { useLocale, useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { useSettings } from './settings-store.ts';

/** API keys: create (the key is shown once), disable, delete. */
export function KeysSection(): ReactElement {
  const t = useT();
  const locale = useLocale();
  const keys = useSettings((s) => s.keys);
  const newKey = useSettings((s) => s.newKey);
  const createKey = useSettings((s) => s.createKey);
  const disableKey = useSettings((s) => s.disableKey);
  const deleteKey = useSettings((s) => s.deleteKey);
  const clearNewKey = useSettings((s) => s.clearNewKey);
  const toast = useToasts((s) => s.show);
  const [name, setName] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);

  const run = (action: Promise<void>): void => {
    action.catch((err: unknown) => toast(asApiError(err), 'error'));
  };

  return (
    <Section
      icon="key"
      title={t('settings.keys.title')}
      description={t('settings.keys.description')}
      testId="keys-section"
    >
      {newKey ? (
        <div className="new-key" role="status" data-testid="new-key">
          <p>
            <strong>{t('settings.keys.newTitle', { name: newKey.name })}</strong>
          </p>
          <p className="muted">{t('settings.keys.shownOnce')}</p>
          <code className="key-value">{newKey.key}</code>
          <div className="row">
            <CopyButton text={newKey.key} variant="primary" />
            <Button variant="ghost" onClick={clearNewKey}>
              {t('settings.keys.done')}
            </Button>
          </div>
        </div>
      ) : null}
      <ul className="key-list">
        {keys.map((key) => (
          <li key={key.id} className={key.disabled_at ? 'is-disabled' : ''}>
            <div className="key-info">
              <strong>{key.name}</strong>
              <span className="muted">
                …{key.hint} ·{' '}
                {t('settings.keys.created', {
                  date: new Date(key.created_at).toLocaleDateString(locale),
                })}
                {key.disabled_at ? ` · ${t('settings.keys.disabled')}` : ''}
              </span>
            </div>
            <div className="row">
              {key.disabled_at ? null : (
                <Button size="sm" variant="ghost" onClick={() => run(disableKey(key.id))}>
                  {t('settings.keys.disable')}
                </Button>
              )}
              {confirmDelete === key.id ? (
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => {
                    setConfirmDelete(null);
                    run(deleteKey(key.id));
                  }}
                >
                  {t('settings.keys.confirmDelete')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  icon="trash"
                  onClick={() => setConfirmDelete(key.id)}
                >
                  {t('settings.keys.delete')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <form
        className="row inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') return;
          run(createKey(name.trim()).then(() => setName('')));
        }}
      >
        <label className="sr-only" htmlFor="key-name">
          {t('settings.keys.name')}
        </label>
        <input
          id="key-name"
          value={name}
          maxLength={60}
          placeholder={t('settings.keys.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" icon="plus" disabled={name.trim() === ''}>
          {t('settings.keys.create')}
        </Button>
      </form>
    </Section>
  );
}
