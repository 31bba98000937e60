import { useState, type ReactElement } from 'react';
import { asApiError, type ApiKeyInfo } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { Section } from '../../components/section.tsx';
import { useLocale, useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { KeyConfirm, type KeyAction } from './key-confirm.tsx';
import { useSettings } from './settings-store.ts';

/**
 * API keys: create (the key is shown once), disable, enable again, delete. The key this browser
 * uses is marked; deleting any key, or disabling this browser's own, is confirmed first.
 */
export function KeysSection(): ReactElement {
  const t = useT();
  const locale = useLocale();
  const keys = useSettings((s) => s.keys);
  const newKey = useSettings((s) => s.newKey);
  const createKey = useSettings((s) => s.createKey);
  const disableKey = useSettings((s) => s.disableKey);
  const deleteKey = useSettings((s) => s.deleteKey);
  const enableKey = useSettings((s) => s.enableKey);
  const currentKeyId = useSettings((s) => s.currentKeyId);
  const clearNewKey = useSettings((s) => s.clearNewKey);
  const toast = useToasts((s) => s.show);
  const [name, setName] = useState('');
  const [pending, setPending] = useState<{ key: ApiKeyInfo; action: KeyAction } | null>(null);

  const run = (action: Promise<void>): void => {
    action.catch((err: unknown) => toast(asApiError(err), 'error'));
  };
  const perform = (key: ApiKeyInfo, action: KeyAction): void =>
    run(action === 'delete' ? deleteKey(key.id) : disableKey(key.id));

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
      <ul className="key-list" data-testid="key-list">
        {keys.map((key) => (
          <li
            key={key.id}
            className={key.disabled_at ? 'is-disabled' : ''}
            data-testid="key-row"
            data-current={key.id === currentKeyId ? 'true' : undefined}
          >
            <div className="key-info">
              <span className="key-name">
                <strong>{key.name}</strong>
                {key.id === currentKeyId ? (
                  <span className="badge badge-current" data-testid="key-current">
                    {t('settings.keys.thisDevice')}
                  </span>
                ) : null}
              </span>
              <span className="muted">
                …{key.hint} ·{' '}
                {t('settings.keys.created', {
                  date: new Date(key.created_at).toLocaleDateString(locale),
                })}
                {key.disabled_at ? ` · ${t('settings.keys.disabled')}` : ''}
              </span>
            </div>
            <div className="row">
              {key.disabled_at ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => run(enableKey(key.id))}
                  data-testid="key-enable"
                >
                  {t('settings.keys.enable')}
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    key.id === currentKeyId
                      ? setPending({ key, action: 'disable' })
                      : perform(key, 'disable')
                  }
                  data-testid="key-disable"
                >
                  {t('settings.keys.disable')}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                icon="trash"
                onClick={() => setPending({ key, action: 'delete' })}
                data-testid="key-delete"
              >
                {t('settings.keys.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <KeyConfirm
        pending={pending}
        currentKeyId={currentKeyId}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) perform(pending.key, pending.action);
          setPending(null);
        }}
      />
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
