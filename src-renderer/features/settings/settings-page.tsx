import { useEffect, useRef, type ReactElement } from 'react';
import { Button } from '../../components/button.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useServer } from '../../stores/server-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { AppearanceSection } from './appearance-section.tsx';
import { BrowserNotifySection } from './browser-notify-section.tsx';
import { DesktopSection } from './desktop-section.tsx';
import { DeviceKeySection } from './device-key-section.tsx';
import { DomainsSection } from './domains-section.tsx';
import { HostsSection } from './hosts-section.tsx';
import { KeysSection } from './keys-section.tsx';
import { LanSection } from './lan-section.tsx';
import { ReceiveMailSection } from './receive-mail-section.tsx';
import { ServerSection } from './server-section.tsx';
import { UpdatesSection } from './updates-section.tsx';
import { SettingsMenu } from './settings-menu.tsx';
import { useSettings } from './settings-store.ts';
import { WebhooksSection } from './webhooks-section.tsx';

/** Settings: this device's appearance first, then the server's (loopback only). */
export function SettingsPage(): ReactElement {
  const t = useT();
  const settings = useSettings((s) => s.settings);
  const state = useSettings((s) => s.state);
  const error = useSettings((s) => s.error);
  const load = useSettings((s) => s.load);

  useEffect(() => {
    void load();
  }, [load]);
  // On the computer itself, "change them on the computer running Ephemera" would send the
  // person looking for another machine; elsewhere the lede names the one meant.
  const local = useServer((s) => s.info?.client_is_local ?? true);
  const grid = useRef<HTMLDivElement>(null);

  return (
    <div className="page page-settings">
      <header className="page-head">
        <div>
          <h1>{t('settings.title')}</h1>
          <p className="page-lede" data-testid="settings-lede">
            {local
              ? t('settings.lede.local')
              : t('settings.lede.remote', { host: window.location.host })}
          </p>
        </div>
      </header>
      <div className="settings-layout">
        <SettingsMenu grid={grid} />
        <div className="settings-grid" ref={grid}>
          <LanSection />
          <AppearanceSection />
          <DesktopSection />
          <UpdatesSection />
          <DeviceKeySection onChange={() => void load()} />
          <BrowserNotifySection />
          {state === 'loading' ? (
            <div className="card loading-row">
              <Spinner /> {t('settings.loading')}
            </div>
          ) : null}
          {state === 'error' && error ? (
            <div className="card">
              <EmptyState
                icon={error.kind === 'forbidden' ? 'phone' : 'alert'}
                tone={error.kind === 'network' || error.kind === 'server' ? 'error' : 'neutral'}
                title={
                  error.kind === 'forbidden'
                    ? t('settings.error.forbidden')
                    : error.kind === 'not_found'
                      ? t('settings.error.missing')
                      : error.kind === 'auth'
                        ? t('settings.error.auth')
                        : t('settings.error.other')
                }
                action={
                  error.kind === 'forbidden' || error.kind === 'not_found' ? undefined : (
                    <Button icon="refresh" onClick={() => void load()}>
                      {error.kind === 'auth' ? t('settings.device.enter') : t('common.retry')}
                    </Button>
                  )
                }
              >
                {error.kind === 'not_found' ? (
                  t('settings.error.missingBody')
                ) : (
                  <ErrorText error={error} />
                )}
              </EmptyState>
            </div>
          ) : null}
          {settings ? (
            <>
              <DomainsSection />
              <ReceiveMailSection />
              <KeysSection />
              <WebhooksSection />
              <HostsSection />
              <ServerSection key={JSON.stringify(settings)} settings={settings} />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
