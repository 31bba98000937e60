import { useState, type FormEvent, type ReactElement } from 'react';
import {
  api,
  asApiError,
  type ApiError,
  type Settings,
  type SettingsPatch,
} from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { Section } from '../../components/section.tsx';
import { Switch } from '../../components/switch.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useToasts } from '../../stores/toast-store.ts';
import { useSettings } from './settings-store.ts';

/**
 * Ports, proxy, data folder and (desktop) code notifications. The proxy and notifications apply
 * at once; ports and the data folder at the next start. Fields a flag fixed are read-only.
 */
export function ServerSection({ settings }: { settings: Settings }): ReactElement {
  const t = useT();
  const locked = (field: Settings['locked'][number]): boolean => settings.locked.includes(field);
  const desktop = api().transport === 'ipc';
  const update = useSettings((s) => s.update);
  const saving = useSettings((s) => s.saving);
  const toast = useToasts((s) => s.show);
  const [httpPort, setHttpPort] = useState(String(settings.http_port));
  const [smtpPort, setSmtpPort] = useState(String(settings.smtp_port));
  const [proxy, setProxy] = useState(settings.proxy ?? '');
  const [dataDir, setDataDir] = useState(settings.data_dir);
  const [error, setError] = useState<ApiError | 'badPort' | null>(null);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const patch: SettingsPatch = {};
    const hp = Number(httpPort);
    const sp = Number(smtpPort);
    if (!isPort(hp) || !isPort(sp)) {
      setError('badPort');
      return;
    }
    if (hp !== settings.http_port && !locked('http_port')) patch.http_port = hp;
    if (sp !== settings.smtp_port && !locked('smtp_port')) patch.smtp_port = sp;
    const proxyValue = proxy.trim() === '' ? null : proxy.trim();
    if (proxyValue !== settings.proxy && !locked('proxy')) patch.proxy = proxyValue;
    if (dataDir.trim() !== settings.data_dir && !locked('data_dir')) {
      patch.data_dir = dataDir.trim();
    }
    setError(null);
    if (Object.keys(patch).length === 0) return;
    update(patch).then(
      () => toast(t('settings.saved'), 'success'),
      (err: unknown) => setError(asApiError(err)),
    );
  };

  return (
    <Section
      icon="settings"
      title={t('settings.server.title')}
      description={t('settings.server.description')}
    >
      <form className="form-grid" onSubmit={submit}>
        <Field
          id="http-port"
          label={t('settings.server.httpPort')}
          value={httpPort}
          onChange={setHttpPort}
          locked={locked('http_port')}
          numeric
        />
        <Field
          id="smtp-port"
          label={t('settings.server.smtpPort')}
          value={smtpPort}
          onChange={setSmtpPort}
          locked={locked('smtp_port')}
          numeric
        />
        <Field
          id="proxy"
          label={t('settings.server.proxy')}
          value={proxy}
          onChange={setProxy}
          locked={locked('proxy')}
          placeholder="http://127.0.0.1:7890"
          hint={t('settings.server.proxyHint')}
        />
        <Field
          id="data-dir"
          label={t('settings.server.dataDir')}
          value={dataDir}
          onChange={setDataDir}
          locked={locked('data_dir')}
          hint={t('settings.server.dataDirHint')}
        />
        {desktop ? (
          <div className="form-grid-full switch-row">
            <span>{t('settings.server.notifications')}</span>
            <Switch
              checked={settings.code_notifications}
              label={t('settings.server.notifications')}
              disabled={saving}
              testId="notifications-toggle"
              onChange={(next) => {
                update({ code_notifications: next }).catch((err: unknown) =>
                  setError(asApiError(err)),
                );
              }}
            />
          </div>
        ) : null}
        <div className="form-grid-full">
          {error ? (
            <p className="field-error" role="alert">
              {error === 'badPort' ? t('settings.server.badPort') : <ErrorText error={error} />}
            </p>
          ) : null}
          {settings.restart_required ? (
            <p className="notice">{t('settings.server.restart')}</p>
          ) : null}
          <Button type="submit" variant="primary" loading={saving}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** One row of the form: label, input, and a hint (or why a flag made it read-only). */
function Field({
  id,
  label,
  value,
  onChange,
  locked,
  hint,
  numeric = false,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  locked: boolean;
  hint?: string;
  numeric?: boolean;
  placeholder?: string;
}): ReactElement {
  const t = useT();
  const note = locked ? t('settings.server.locked') : hint;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={numeric ? 'numeric' : undefined}
        placeholder={placeholder}
        spellCheck={false}
        disabled={locked}
        aria-describedby={note ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {note ? (
        <p id={`${id}-hint`} className="field-hint">
          {note}
        </p>
      ) : null}
    </>
  );
}

function isPort(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= 65535;
}
