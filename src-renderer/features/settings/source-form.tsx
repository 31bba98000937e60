import { useState, type FormEvent, type ReactElement } from 'react';
import { api, asApiError, type ApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { useT } from '../../i18n/i18n.ts';
import type { AfterIngest, SourceTls } from '../../../src-shared/mail/sources.ts';
import { SOURCE_PRESETS } from './source-presets.ts';

/** Adds a mail source: a provider preset fills server, port and security. */
export function SourceForm({ onAdded }: { onAdded: () => void }): ReactElement {
  const t = useT();
  const [preset, setPreset] = useState('gmail');
  const [host, setHost] = useState('imap.gmail.com');
  const [port, setPort] = useState('993');
  const [tls, setTls] = useState<SourceTls>('implicit');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [after, setAfter] = useState<AfterIngest>('keep');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const chosen = SOURCE_PRESETS.find((p) => p.id === preset);

  const pick = (id: string): void => {
    setPreset(id);
    const next = SOURCE_PRESETS.find((p) => p.id === id);
    if (!next) return;
    setHost(next.host);
    setPort(String(next.port));
    setTls(next.tls);
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    api()
      .sources.create({
        kind: 'imap',
        host: host.trim(),
        port: Number(port),
        tls,
        username: username.trim(),
        password,
        after_ingest: after,
      })
      .then(
        () => {
          setPassword('');
          setUsername('');
          onAdded();
        },
        (err: unknown) => setError(asApiError(err)),
      )
      .finally(() => setSaving(false));
  };

  return (
    <form className="form-grid source-form" onSubmit={submit} data-testid="source-form">
      <label htmlFor="source-preset">{t('settings.sources.provider')}</label>
      <select id="source-preset" value={preset} onChange={(e) => pick(e.target.value)}>
        {SOURCE_PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name ?? t('settings.sources.custom')}
          </option>
        ))}
      </select>
      <label htmlFor="source-host">{t('settings.sources.host')}</label>
      <input
        id="source-host"
        value={host}
        spellCheck={false}
        placeholder="imap.example.org"
        onChange={(e) => setHost(e.target.value)}
      />
      <label htmlFor="source-port">{t('settings.sources.port')}</label>
      <input
        id="source-port"
        value={port}
        inputMode="numeric"
        onChange={(e) => setPort(e.target.value)}
      />
      <label htmlFor="source-tls">{t('settings.sources.tls')}</label>
      <select id="source-tls" value={tls} onChange={(e) => setTls(e.target.value as SourceTls)}>
        <option value="implicit">{t('settings.sources.tlsImplicit')}</option>
        <option value="starttls">{t('settings.sources.tlsStarttls')}</option>
        <option value="none">{t('settings.sources.tlsNone')}</option>
      </select>
      <label htmlFor="source-user">{t('settings.sources.username')}</label>
      <input
        id="source-user"
        value={username}
        autoComplete="off"
        spellCheck={false}
        placeholder="me@gmail.com"
        onChange={(e) => setUsername(e.target.value)}
      />
      <label htmlFor="source-password">{t('settings.sources.password')}</label>
      <input
        id="source-password"
        type="password"
        value={password}
        autoComplete="new-password"
        aria-describedby="source-password-hint"
        onChange={(e) => setPassword(e.target.value)}
      />
      <p id="source-password-hint" className="field-hint">
        {chosen?.oauthOnly ? t('settings.sources.oauthOnly') : t('settings.sources.appPassword')}
      </p>
      <label htmlFor="source-after">{t('settings.sources.after')}</label>
      <select
        id="source-after"
        value={after}
        onChange={(e) => setAfter(e.target.value as AfterIngest)}
      >
        <option value="keep">{t('settings.sources.afterKeep')}</option>
        <option value="seen">{t('settings.sources.afterSeen')}</option>
        <option value="delete">{t('settings.sources.afterDelete')}</option>
      </select>
      <div className="form-grid-full">
        {error ? (
          <p className="field-error" role="alert">
            <ErrorText error={error} />
          </p>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          icon="plus"
          loading={saving}
          disabled={host.trim() === '' || username.trim() === '' || password === ''}
        >
          {t('settings.sources.add')}
        </Button>
      </div>
    </form>
  );
}
