import type { ReactElement } from 'react';
import { LanOff } from './lan-off.tsx';
import { saveBlob } from '../../api/file-download.ts';
import { Button } from '../../components/button.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useServer } from '../../stores/server-store.ts';
import { HTTP_SHORTCUTS_FILE_NAME, httpShortcutsImport } from './http-shortcuts.ts';

/**
 * Android: a ready-made import file for the app HTTP Shortcuts, with this Ephemera's address
 * (and the key made for a phone, when there is one) filled in; Tasker and MacroDroid use the
 * requests under "How it works".
 */
export function AndroidImport({
  url,
  reachable,
  apiKey,
}: {
  url: string;
  /** False while the address is loopback: a file made now would point the phone at itself. */
  reachable: boolean;
  apiKey: string | null;
}): ReactElement {
  const t = useT();
  // Keys for a phone are made on the computer running Ephemera; elsewhere there is nothing to do.
  const local = useServer((s) => s.info?.client_is_local ?? false);
  const download = (): void => {
    const file = httpShortcutsImport({
      baseUrl: url,
      apiKey,
      text: {
        category: 'Ephemera',
        grab: t('phone.hs.grab'),
        grabDescription: t('phone.hs.grabDescription'),
        status: t('phone.hs.status'),
        address: t('phone.hs.address'),
        addressDescription: t('phone.hs.addressDescription'),
        code: t('phone.hs.code'),
        codeDescription: t('phone.hs.codeDescription'),
        keyTitle: t('phone.hs.keyTitle'),
        keyMessage: t('phone.hs.keyMessage'),
        started: t('phone.hs.started'),
        ready: t('phone.hs.ready'),
        failed: t('phone.hs.failed'),
        timedOut: t('phone.hs.timedOut'),
        copied: t('phone.hs.copied'),
        codeCopied: t('phone.hs.codeCopied'),
        noMail: t('phone.hs.noMail'),
      },
    });
    const json = `${JSON.stringify(file, null, 2)}\n`;
    saveBlob(new Blob([json], { type: 'application/json' }), HTTP_SHORTCUTS_FILE_NAME);
  };
  return (
    <Section
      icon="bolt"
      title={t('phone.android.title')}
      description={t('phone.android.description')}
      testId="android-import"
    >
      {reachable ? (
        <div className="import-row">
          <Button icon="download" variant="primary" onClick={download} data-testid="hs-download">
            {t('phone.hs.download')}
          </Button>
          <p className="muted" data-testid="hs-key-note">
            {apiKey
              ? t('phone.hs.withKey')
              : local
                ? t('phone.hs.withoutKey')
                : t('phone.hs.withoutKeyRemote')}
          </p>
        </div>
      ) : (
        <LanOff text={t('phone.lanFirst')} testId="android-lan-off" />
      )}
      <ol className="steps steps-plain">
        <li>{t('phone.hs.step1')}</li>
        <li>{t('phone.hs.step2')}</li>
        <li>{t('phone.hs.step3')}</li>
        <li>{t('phone.hs.step4')}</li>
      </ol>
      <p className="muted">{t('phone.hs.others')}</p>
    </Section>
  );
}
