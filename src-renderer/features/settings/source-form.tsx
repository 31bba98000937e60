import { useState, type FormEvent, type ReactElement } from 'react';
import { api, asApiError, type ApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { useT } from '../../i18n/i18n.ts';
import {
  sendsPasswordElsewhere,
  type AfterIngest,
  type Source,
  type SourceTls,
} from '../../../src-shared/mail/sources.ts';
import { SOURCE_PRESETS } from './source-presets.ts';

/**
 * Adds a mail source (a provider preset fills server, port and security), or changes one
 * (`source`): its password may stay empty to keep the stored one, until server, port,
 * security or user name change; then it is required, since the stored password is only ever
 * sent where it was given (the server refuses such a change without it).
 */
export function SourceForm({
  source,
  onSaved,
  onCancel,
}: {
  source?: Source;
  onSaved: () => void;
  onCancel?: () => void;
}): ReactElement {
  const t = useT();
  const [preset, setPreset] = useState(source ? 'custom' : 'gmail');
  const [host, setHost] = useState(source?.host ?? 'imap.gmail.com');
  const [port, setPort] = useState(String(source?.port ?? 993));
  const [tls, setTls] = useState<SourceTls>(source?.tls ?? 'implicit');
  const [username, setUsername] = useState(source?.username ?? '');
  const [password, setPassword] = useState('');
  const [after, setAfter] = useState<AfterIngest>(source?.after_ingest ?? 'keep');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  /** The connection test that kept a new source from being added, and why it failed. */
  const [refused, setRefused] = useState<string | null>(null);
  /** The test a new source passed when it was added (its message count). */
  const [passed, setPassed] = useState<number | null>(null);
  const chosen = SOURCE_PRESETS.find((p) => p.id === preset);
  const endpoint = { host: host.trim(), port: Number(port), tls, username: username.trim() };
  const passwordRequired = !source || sendsPasswordElsewhere(source, endpoint);
  // Password sign-in is refused there: adding it could never work.
  const oauthOnly = !source && chosen?.oauthOnly === true;

  const pick = (id: string): void => {
    setPreset(id);
    const next = SOURCE_PRESETS.find((p) => p.id === id);
    if (!next) return;
    setHost(next.host);
    setPort(String(next.port));
    setTls(next.tls);
  };

  const saved = (count: number | null): void => {
    setPassword('');
    if (!source) setUsername('');
    setPassed(count);
    onSaved();
  };

  /**
   * Saves; a new source is tested first: it is created, its connection checked, and taken away
   * again when the check fails (nothing half-working is added; the fields stay to be fixed).
   * `untested`: added as it is (a server down for now), to keep trying.
   */
  const save = async (untested: boolean): Promise<void> => {
    const fields = { ...endpoint, after_ingest: after };
    if (source) {
      await api().sources.update(source.id, password === '' ? fields : { ...fields, password });
      saved(null);
      return;
    }
    const created = await api().sources.create({ kind: 'imap', ...fields, password });
    if (untested) {
      saved(null);
      return;
    }
    const result = await api()
      .sources.test(created.id)
      .catch(async (err: unknown) => {
        await api().sources.remove(created.id);
        throw err;
      });
    if (result.ok) {
      saved(result.messages ?? 0);
      return;
    }
    await api().sources.remove(created.id);
    setRefused(result.error ?? '');
  };

  const run = (untested: boolean): void => {
    setSaving(true);
    setError(null);
    setRefused(null);
    setPassed(null);
    save(untested)
      .catch((err: unknown) => setError(asApiError(err)))
      .finally(() => setSaving(false));
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    run(false);
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
        placeholder={chosen?.username ?? 'you@example.org'}
        onChange={(e) => setUsername(e.target.value)}
      />
      <label htmlFor="source-password">{t('settings.sources.password')}</label>
      <input
        id="source-password"
        type="password"
        value={password}
        autoComplete="new-password"
        required={passwordRequired}
        aria-describedby="source-password-hint"
        onChange={(e) => setPassword(e.target.value)}
      />
      <p id="source-password-hint" className="field-hint" data-testid="source-password-hint">
        {source
          ? t(passwordRequired ? 'settings.sources.passwordAgain' : 'settings.sources.passwordKept')
          : oauthOnly
            ? t('settings.sources.oauthOnly')
            : t('settings.sources.appPassword')}
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
        {refused !== null ? (
          <p className="field-error" role="alert" data-testid="source-refused">
            {t('settings.sources.notAdded', { error: refused })}
          </p>
        ) : null}
        {passed !== null ? (
          <p className="mx mx-ok" role="status" data-testid="source-passed">
            {t('settings.sources.added', { count: passed })}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          icon={source ? 'check' : 'plus'}
          loading={saving}
          disabled={
            oauthOnly ||
            host.trim() === '' ||
            username.trim() === '' ||
            (passwordRequired && password === '')
          }
        >
          {t(source ? 'settings.sources.save' : 'settings.sources.add')}
        </Button>
        {refused !== null ? (
          <Button type="button" variant="ghost" disabled={saving} onClick={() => run(true)}>
            {t('settings.sources.addAnyway')}
          </Button>
        ) : null}
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('settings.sources.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
