import { useEffect, useState, type ReactElement } from 'react';
import { api, asApiError, type LoginItemState } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { Section } from '../../components/section.tsx';
import { Switch } from '../../components/switch.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useBusyAction } from '../../components/use-busy-action.ts';
import { useToasts } from '../../stores/toast-store.ts';

/** Desktop app only: start at login and the logs folder. */
export function DesktopSection(): ReactElement | null {
  const t = useT();
  const desktop = api().desktop;
  const toast = useToasts((s) => s.show);
  const [login, setLogin] = useState<LoginItemState | null>(null);
  const [busy, runBusy] = useBusyAction();

  useEffect(() => {
    desktop
      ?.loginItem()
      .then(setLogin)
      .catch(() => setLogin(null));
  }, [desktop]);

  if (!desktop) return null;
  return (
    <Section
      icon="settings"
      title={t('settings.desktop.title')}
      description={t('settings.desktop.description')}
      testId="desktop-section"
    >
      <div className="form-grid">
        <span id="login-label">{t('settings.desktop.login')}</span>
        {login?.available ? (
          <Switch
            checked={login.enabled}
            label={t('settings.desktop.login')}
            disabled={busy}
            testId="login-toggle"
            onChange={(next) => {
              runBusy(() => desktop.setLoginItem(next).then(setLogin));
            }}
          />
        ) : (
          <span className="muted">{t('settings.desktop.loginUnavailable')}</span>
        )}
        <span>{t('settings.desktop.logs')}</span>
        <div>
          <Button
            icon="external"
            data-testid="open-logs"
            onClick={() => {
              desktop.openLogsFolder().catch((err: unknown) => toast(asApiError(err), 'error'));
            }}
          >
            {t('settings.desktop.openLogs')}
          </Button>
        </div>
      </div>
    </Section>
  );
}
