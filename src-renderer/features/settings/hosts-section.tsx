import { useState, type ReactElement } from 'react';
import { asApiError, type ApiError } from '../../api/client.ts';
import { ErrorText } from '../../components/error-text.tsx';

import { Button } from '../../components/button.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { useSettings } from './settings-store.ts';

/**
 * Allowed host names: the names besides localhost and the LAN address that Ephemera answers
 * to (a reverse proxy's, a DNS name for this computer). The server checks each entry and says
 * why one is refused.
 */
export function HostsSection(): ReactElement {
  const t = useT();
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const toast = useToasts((s) => s.show);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const hosts = settings?.allowed_hosts ?? [];

  const save = (next: string[], after?: () => void): void => {
    setError(null);
    update({ allowed_hosts: next }).then(
      () => {
        after?.();
        toast(t('settings.saved'), 'success');
      },
      (err: unknown) => setError(asApiError(err)),
    );
  };

  return (
    <Section
      icon="globe"
      title={t('settings.hosts.title')}
      description={t('settings.hosts.description')}
    >
      {hosts.length === 0 ? <p className="hint">{t('settings.hosts.none')}</p> : null}
      <ul className="domain-list" data-testid="allowed-hosts">
        {hosts.map((host) => (
          <li key={host}>
            <div className="domain-row">
              <span className="mono">{host}</span>
              <span className="spacer" />
              <Button
                size="sm"
                variant="ghost"
                icon="trash"
                aria-label={t('settings.hosts.remove', { host })}
                onClick={() => save(hosts.filter((h) => h !== host))}
              />
            </div>
          </li>
        ))}
      </ul>
      <form
        className="row inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const host = draft.trim();
          if (host === '') return;
          save([...hosts, host], () => setDraft(''));
        }}
      >
        <label className="sr-only" htmlFor="host-new">
          {t('settings.hosts.add')}
        </label>
        <input
          id="host-new"
          value={draft}
          placeholder="ephemera.example.org"
          autoCapitalize="off"
          spellCheck={false}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="secondary" icon="plus" disabled={draft.trim() === ''}>
          {t('settings.hosts.add')}
        </Button>
      </form>
      {error ? (
        <p className="field-error" role="alert">
          <ErrorText error={error} />
        </p>
      ) : null}
      <p className="hint">{t('settings.hosts.hint')}</p>
    </Section>
  );
}
