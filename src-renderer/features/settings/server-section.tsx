import { useState, type FormEvent, type ReactElement } from 'react';
import { api, asApiError, type Settings, type SettingsPatch } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
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
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const patch: SettingsPatch = {};
    const hp = Number(httpPort);
    const sp = Number(smtpPort);
    if (!isPort(hp) || !isPort(sp)) {
      setError(t('settings.server.badPort'));
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
      (err: unknown) => setError(asApiError(err).message),
    );
  };

  return (
    <Section
      icon="settings"
      title={t('settings.server.title')}
      description={t('settings.server.description')}
    >
      <form className="form-grid" onSubmit={submit}>
        <label htmlFor="http-port">{t('settings.server.httpPort')}</label>
        <input
          id="http-port"
          inputMode="numeric"
          value={httpPort}
          disabled={locked('http_port')}
          title={locked('http_port') ? t('settings.server.locked') : undefined}
          onChange={(e) => setHttpPort(e.target.value)}
        />
        <label htmlFor="smtp-port">{t('settings.server.smtpPort')}</label>
        <input
          id="smtp-port"
          inputMode="numeric"
          value={smtpPort}
          disabled={locked('smtp_port')}
          title={locked('smtp_port') ? t('settings.server.locked') : undefined}
          onChange={(e) => setSmtpPort(e.target.value)}
        />
        <label htmlFor="proxy">{t('settings.server.proxy')}</label>
        <input
          id="proxy"
          value={proxy}
          placeholder="http://127.0.0.1:7890"
          spellCheck={false}
          disabled={locked('proxy')}
          aria-describedby="proxy-hint"
          onChange={(e) => setProxy(e.target.value)}
        />
        <p id="proxy-hint" className="field-hint">
          {locked('proxy') ? t('settings.server.locked') : t('settings.server.proxyHint')}
        </p>
        <label htmlFor="data-dir">{t('settings.server.dataDir')}</label>
        <input
          id="data-dir"
          value={dataDir}
          spellCheck={false}
          disabled={locked('data_dir')}
          aria-describedby="data-dir-hint"
          onChange={(e) => setDataDir(e.target.value)}
        />
        <p id="data-dir-hint" className="field-hint">
          {locked('data_dir') ? t('settings.server.locked') : t('settings.server.dataDirHint')}
        </p>
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
                  setError(asApiError(err).message),
                );
              }}
            />
          </div>
        ) : null}
        <div className="form-grid-full">
          {error ? (
            <p className="field-error" role="alert">
              {error}
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

function isPort(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= 65535;
}
