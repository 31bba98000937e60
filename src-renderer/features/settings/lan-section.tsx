import type { ReactElement } from 'react';
import { CopyButton } from '../../components/copy-button.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { Section } from '../../components/section.tsx';
import { Switch } from '../../components/switch.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useServer } from '../../stores/server-store.ts';
import { useBusyAction } from '../../components/use-busy-action.ts';
import { useSettings } from './settings-store.ts';

/** "Share on LAN": off by default; when on, the address phones use, as text and QR code. */
export function LanSection(): ReactElement {
  const t = useT();
  const settings = useSettings((s) => s.settings);
  const error = useSettings((s) => s.error);
  const update = useSettings((s) => s.update);
  const info = useServer((s) => s.info);
  const [busy, runBusy] = useBusyAction();
  const enabled = settings?.lan_enabled ?? info?.lan_enabled ?? false;
  const lanUrl = settings?.lan_url ?? info?.lan_url ?? null;
  const canChange = settings !== null;

  return (
    <Section
      icon="wifi"
      title={t('settings.lan.title')}
      description={t('settings.lan.description')}
      testId="lan-section"
      aside={
        <Switch
          checked={enabled}
          label={t('settings.lan.toggle')}
          disabled={!canChange || busy}
          testId="lan-toggle"
          onChange={(next) => {
            runBusy(() => update({ lan_enabled: next }));
          }}
        />
      }
    >
      {enabled && lanUrl ? (
        <div className="lan-share" data-testid="lan-share">
          <QrCode text={lanUrl} label={t('settings.lan.qrLabel', { url: lanUrl })} />
          <div className="lan-share-text">
            <p className="muted">{t('settings.lan.open')}</p>
            <p className="lan-url" data-testid="lan-url">
              {lanUrl}
            </p>
            <CopyButton text={lanUrl} label={t('settings.lan.copy')} variant="secondary" />
            <p className="hint">{t('settings.lan.note')}</p>
          </div>
        </div>
      ) : enabled ? (
        <p className="muted">{t('settings.lan.noAddress')}</p>
      ) : (
        <p className="muted">
          {canChange
            ? t('settings.lan.off')
            : error?.kind === 'not_found'
              ? t('settings.lan.cli')
              : t('settings.lan.desktopOnly')}
        </p>
      )}
    </Section>
  );
}
