import { useEffect, useState, type ReactElement } from 'react';
import { api } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useBusyAction } from '../../components/use-busy-action.ts';
import { pairLink } from '../../lib/pair-link.ts';
import { useSettings } from '../settings/settings-store.ts';
import { suggestPhoneName } from './pair-name.ts';
import { useBaseUrl } from './use-base-url.ts';
import '../../styles/pairing.css';

interface Paired {
  name: string;
  link: string;
}

/**
 * "Pair a phone" (computer running Ephemera only): one click makes a one-time code for a key
 * named for the phone and shows it as a QR code of the web UI's address with the code in the
 * fragment. The phone exchanges the code once, within 10 minutes, for its own key
 * (app/pairing.ts); no key is ever in the QR code. The code lives in this component's state
 * only: Done, or leaving the screen, drops it.
 */
export function PairPanel(): ReactElement {
  const t = useT();
  const { url, reachable } = useBaseUrl();
  const [taken, setTaken] = useState<string[]>([]);
  const [name, setName] = useState<string | null>(null);
  const [paired, setPaired] = useState<Paired | null>(null);
  const [busy, runBusy] = useBusyAction();
  const suggestion = suggestPhoneName(t('pair.defaultName'), taken);
  const value = name ?? suggestion;

  useEffect(() => {
    // Only with a key already here: visiting this screen should not open the key dialog.
    if (!api().auth.hasKey()) return;
    let live = true;
    api()
      .settings.listKeys()
      .then(
        ({ keys }) => {
          if (live) setTaken(keys.map((k) => k.name));
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []);

  const pair = (): void => {
    const phone = value.trim();
    if (phone === '') return;
    runBusy(async () => {
      const made = await api().settings.createSignInCode('pair', phone);
      setPaired({ name: made.name, link: pairLink(url, made.code) });
      setTaken((names) => [...names, made.name]);
      setName(null);
    });
  };

  return (
    <Section
      icon="phone"
      title={t('pair.title')}
      description={t('pair.description')}
      testId="pair-panel"
    >
      {!reachable ? (
        <LanOff />
      ) : paired ? (
        <div className="pair-result" data-testid="pair-result" data-link={paired.link}>
          <QrCode text={paired.link} label={t('pair.qrLabel', { name: paired.name })} size={200} />
          <div className="pair-result-text">
            <p role="status">
              <strong>{t('pair.scan', { name: paired.name })}</strong>
            </p>
            <p className="notice">{t('pair.warning')}</p>
            <code className="key-value" data-testid="pair-link">
              {paired.link}
            </code>
            <div className="row">
              <CopyButton text={paired.link} label={t('pair.copy')} variant="secondary" />
              <Button variant="primary" data-testid="pair-done" onClick={() => setPaired(null)}>
                {t('pair.done')}
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <form
          className="pair-form"
          onSubmit={(event) => {
            event.preventDefault();
            pair();
          }}
        >
          <label htmlFor="pair-name" className="field-label">
            {t('pair.nameLabel')}
          </label>
          <div className="row inline-form">
            <input
              id="pair-name"
              data-testid="pair-name"
              value={value}
              maxLength={60}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
            <Button
              type="submit"
              variant="primary"
              icon="key"
              loading={busy}
              disabled={value.trim() === ''}
              data-testid="pair-create"
            >
              {t('pair.create')}
            </Button>
          </div>
          <p className="hint">{t('pair.hint')}</p>
        </form>
      )}
    </Section>
  );
}

/** Phones cannot reach a loopback-only server: say so, and offer the LAN switch. */
function LanOff(): ReactElement {
  const t = useT();
  const update = useSettings((s) => s.update);
  const [busy, runBusy] = useBusyAction();
  return (
    <div className="pair-lan-off" data-testid="pair-lan-off">
      <p className="notice">{t('pair.lanOff')}</p>
      <Button
        variant="primary"
        icon="wifi"
        loading={busy}
        data-testid="pair-lan-on"
        onClick={() => {
          runBusy(() => update({ lan_enabled: true }));
        }}
      >
        {t('pair.lanOn')}
      </Button>
    </div>
  );
}
