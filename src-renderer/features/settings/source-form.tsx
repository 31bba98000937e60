import { useState, type FormEvent, type ReactElement } from 'react';
import { api, asApiError, type ApiError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { useT } from '../../i18n/i18n.ts';
import { OAUTH_PRESETS } from '../../../src-shared/mail/oauth-presets.ts';
import {
  sendsPasswordElsewhere,
  type AfterIngest,
  type Source,
  type SourceAuthorize,
  type SourceTls,
} from '../../../src-shared/mail/sources.ts';
import { sourceErrorText } from './source-error.ts';
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
  /** `signIn`: an OAuth source was added and its sign-in started. */
  onSaved: (signIn?: { id: string; answer: SourceAuthorize }) => void;
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
  const [useOAuth, setUseOAuth] = useState(false);
  const [clientId, setClientId] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  /** The connection test that kept a new source from being added, and why it failed. */
  const [refused, setRefused] = useState<string | null>(null);
  /** The test a new source passed when it was added (its message count). */
  const [passed, setPassed] = useState<number | null>(null);
  const chosen = SOURCE_PRESETS.find((p) => p.id === preset);
  const endpoint = { host: host.trim(), port: Number(port), tls, username: username.trim() };
  // An OAuth source keeps signing in by OAuth; a new one may where the provider has it.
  const oauthPreset = !source && useOAuth && chosen?.oauth ? OAUTH_PRESETS[chosen.oauth] : null;
  const oauth = source?.auth === 'oauth' || oauthPreset !== null;
  const passwordRequired = !oauth && (!source || sendsPasswordElsewhere(source, endpoint));

  const pick = (id: string): void => {
    setPreset(id);
    const next = SOURCE_PRESETS.find((p) => p.id === id);
    if (!next) return;
    setHost(next.host);
    setPort(String(next.port));
    setTls(next.tls);
    // Outlook takes no password at all; Gmail still takes an app password.
    setUseOAuth(next.oauthOnly === true);
  };

  const saved = (signIn?: { id: string; answer: SourceAuthorize }, count?: number): void => {
    setPassword('');
    if (!source) setUsername('');
    setPassed(count ?? null);
    onSaved(signIn);
  };

  /**
   * Saves. A new password source is tested first: it is created, its connection checked, and
   * taken away again when the check fails (nothing half-working is added; the fields stay to be
   * fixed). `untested`: added as it is (a server down for now), to keep trying. An OAuth source
   * cannot be tested before its sign-in, which starts right after it is added.
   */
  const save = async (untested: boolean): Promise<void> => {
    const fields = { ...endpoint, after_ingest: after };
    const sources = api().sources;
    if (source) {
      await sources.update(source.id, password === '' ? fields : { ...fields, password });
      saved();
      return;
    }
    if (oauthPreset) {
      const signIn = {
        ...oauthPreset.oauth,
        ...(clientId.trim() ? { client_id: clientId.trim() } : {}),
      };
      const created = await sources.create({ kind: 'imap', ...fields, oauth: signIn });
      saved({ id: created.id, answer: await sources.authorize(created.id) });
      return;
    }
    const created = await sources.create({ kind: 'imap', ...fields, password });
    if (untested) {
      saved();
      return;
    }
    const result = await sources.test(created.id).catch(async (err: unknown) => {
      await sources.remove(created.id);
      throw err;
    });
    if (result.ok) {
      saved(undefined, result.messages ?? 0);
      return;
    }
    await sources.remove(created.id);
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
      {!source && chosen?.oauth ? (
        <>
          <label htmlFor="source-sign-in">{t('settings.sources.signInWith')}</label>
          <select
            id="source-sign-in"
            value={useOAuth ? 'oauth' : 'password'}
            onChange={(e) => setUseOAuth(e.target.value === 'oauth')}
          >
            {chosen.oauthOnly ? null : (
              <option value="password">{t('settings.sources.signInPassword')}</option>
            )}
            <option value="oauth">{t('settings.sources.signInOAuth')}</option>
          </select>
        </>
      ) : null}
      {oauth ? (
        <p className="field-hint form-grid-full" data-testid="source-password-hint">
          {chosen?.oauthOnly && !source
            ? t('settings.sources.oauthOnly')
            : t('settings.sources.oauthHint')}
        </p>
      ) : (
        <>
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
              ? t(
                  passwordRequired
                    ? 'settings.sources.passwordAgain'
                    : 'settings.sources.passwordKept',
                )
              : t('settings.sources.appPassword')}
          </p>
        </>
      )}
      {oauthPreset ? (
        <>
          <label htmlFor="source-client-id">{t('settings.sources.clientId')}</label>
          <input
            id="source-client-id"
            value={clientId}
            spellCheck={false}
            autoComplete="off"
            aria-describedby="source-client-id-hint"
            onChange={(e) => setClientId(e.target.value)}
          />
          <p id="source-client-id-hint" className="field-hint">
            {t('settings.sources.clientIdHint')}
          </p>
        </>
      ) : null}
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
            {t('settings.sources.notAdded', { error: sourceErrorText(t, refused) })}
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
            host.trim() === '' || username.trim() === '' || (passwordRequired && password === '')
          }
        >
          {t(
            source
              ? 'settings.sources.save'
              : oauth
                ? 'settings.sources.addSignIn'
                : 'settings.sources.add',
          )}
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
