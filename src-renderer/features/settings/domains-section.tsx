import { useState, type ReactElement } from 'react';
import { api, asApiError, type ApiError, type MxCheck } from '../../api/client.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { Button } from '../../components/button.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { useSettings } from './settings-store.ts';
import { poolEntryDomain } from '../../../src-shared/mail/address.ts';

/** Mail domains: add, remove, and check each one's MX records. */
export function DomainsSection(): ReactElement {
  const t = useT();
  const settings = useSettings((s) => s.settings);
  const update = useSettings((s) => s.update);
  const toast = useToasts((s) => s.show);
  const [draft, setDraft] = useState('');
  // A refused addition stays in the field, its reason under it naming the value (one message,
  // replaced by the next try, instead of a toast per try).
  const [refused, setRefused] = useState<{ value: string; error: ApiError } | null>(null);
  const [checks, setChecks] = useState<Record<string, MxCheck | ApiError | 'checking'>>({});
  const domains = settings?.domains ?? [];
  const locked = settings?.domains_locked ?? false;

  const save = (next: string[]): void => {
    update({ domains: next }).catch((err: unknown) => toast(asApiError(err), 'error'));
  };
  const check = (domain: string): void => {
    setChecks((c) => ({ ...c, [domain]: 'checking' }));
    // A plus-addressing entry `me@gmail.com` is checked by its domain.
    api()
      .settings.checkMx(poolEntryDomain(domain))
      .then(
        (result) => setChecks((c) => ({ ...c, [domain]: result })),
        (err: unknown) => setChecks((c) => ({ ...c, [domain]: asApiError(err) })),
      );
  };

  return (
    <Section
      icon="globe"
      title={t('settings.domains.title')}
      description={t('settings.domains.description')}
    >
      {locked ? <p className="notice">{t('settings.domains.locked')}</p> : null}
      <ul className="domain-list">
        {domains.map((domain) => {
          const result = checks[domain];
          return (
            <li key={domain}>
              <div className="domain-row">
                <span className="mono">{domain}</span>
                <span className="spacer" />
                <Button
                  size="sm"
                  variant="ghost"
                  loading={result === 'checking'}
                  onClick={() => check(domain)}
                >
                  {t('settings.domains.checkMx')}
                </Button>
                {locked ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    icon="trash"
                    aria-label={t('settings.domains.remove', { domain })}
                    onClick={() => save(domains.filter((d) => d !== domain))}
                  />
                )}
              </div>
              {result && result !== 'checking' ? <MxResult result={result} /> : null}
            </li>
          );
        })}
      </ul>
      {locked ? null : (
        <form
          className="row inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const domain = draft.trim().toLowerCase();
            if (domain === '' || domains.includes(domain)) return;
            setRefused(null);
            update({ domains: [...domains, domain] }).then(
              () => {
                setDraft('');
                check(domain);
              },
              (err: unknown) => setRefused({ value: draft.trim(), error: asApiError(err) }),
            );
          }}
        >
          <label className="sr-only" htmlFor="domain-new">
            {t('settings.domains.add')}
          </label>
          <input
            id="domain-new"
            value={draft}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? 'domain-new-error' : undefined}
            data-testid="domain-new"
            placeholder="mail.example.org"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="secondary" icon="plus" disabled={draft.trim() === ''}>
            {t('settings.domains.add')}
          </Button>
        </form>
      )}
      {refused ? (
        <p className="field-error" role="alert" id="domain-new-error" data-testid="domain-error">
          <strong className="mono">{refused.value}</strong>: <ErrorText error={refused.error} />
        </p>
      ) : null}
      <p className="hint">{t('settings.domains.hint')}</p>
    </Section>
  );
}

function MxResult({ result }: { result: MxCheck | ApiError }): ReactElement {
  const t = useT();
  if (!('records' in result)) {
    return (
      <p className="mx mx-bad" role="status">
        <ErrorText error={result} />
      </p>
    );
  }
  if (result.problem || result.records.length === 0) {
    return (
      <p className="mx mx-bad" role="status" title={result.error ?? undefined}>
        {result.problem === 'lookup_failed'
          ? t('settings.domains.mxLookupFailed')
          : t('settings.domains.noMx')}
      </p>
    );
  }
  return (
    <p className="mx mx-ok" role="status">
      {t('settings.domains.mxFound')}{' '}
      {result.records.map((r) => `${r.exchange} (${r.priority})`).join(', ')}
    </p>
  );
}
