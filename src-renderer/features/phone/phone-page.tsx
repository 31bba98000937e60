import type { ReactElement, ReactNode } from 'react';
import { fillPath, routes } from '../../../src-shared/api/routes.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { Section } from '../../components/section.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useServer } from '../../stores/server-store.ts';
import { AndroidImport } from './android-import.tsx';
import { IosSteps } from './ios-steps.tsx';
import { PairPanel } from './pair-panel.tsx';
import { usePhoneKey } from './phone-key.tsx';
import { useBaseUrl } from './use-base-url.ts';

/** How to drive the API from iOS Shortcuts and Android automation, with the base URL filled in. */
export function PhonePage(): ReactElement {
  const t = useT();
  const { url, reachable } = useBaseUrl();
  const phoneKey = usePhoneKey();
  const local = useServer((s) => s.info?.client_is_local ?? false);
  const keyText = phoneKey.key ?? t('phone.mail.keyPlaceholder');
  const tasks = routes.taskCreate.path;
  // Shown with placeholders, so filled in as text (not percent-encoded like a request's URL).
  const task = (placeholder: string) => fillPath(routes.taskGet.path, { token: placeholder });
  const mails = fillPath(routes.mailList.path, { email: '{email}' });
  const post = `curl -s ${url}${tasks} -H 'content-type: application/json' \\\n  -d '{"text":"<share text>"}'`;

  return (
    <div className="page page-phone">
      <header className="page-head">
        <div>
          <h1>{t('phone.title')}</h1>
          <p className="page-lede">{t('phone.lede')}</p>
        </div>
      </header>
      <Section icon="globe" title={t('phone.base.title')} description={t('phone.base.description')}>
        <div className="lan-share">
          {/* No QR code of the bare address: a phone that scanned it would land at a key
              prompt. The one QR code is "Pair a phone"'s, which carries a one-time key. */}
          <div className="lan-share-text">
            <p className="lan-url" data-testid="phone-base-url">
              {url}
            </p>
            <CopyButton text={url} label={t('phone.base.copy')} variant="secondary" />
            {reachable ? null : (
              <p className="notice" data-testid="phone-lan-warning">
                {t('phone.base.loopback')} <a href="#/settings">{t('phone.base.enableLan')}</a>
              </p>
            )}
          </div>
        </div>
      </Section>

      {local ? <PairPanel /> : null}

      <div className="phone-grid">
        <Section
          icon="phone"
          title={t('phone.flow.title')}
          description={t('phone.flow.description')}
        >
          <ol className="steps">
            <Step n={1} title={t('phone.flow.post')}>
              <Code
                text={`POST ${url}${tasks}\nContent-Type: application/json\n\n{"text": "<share text>"}`}
              />
              <p className="muted">{t('phone.flow.postAnswer')}</p>
            </Step>
            <Step n={2} title={t('phone.flow.poll')}>
              <Code text={`GET ${url}${task('{task_id}')}`} />
              <p className="muted">{t('phone.flow.pollNote')}</p>
            </Step>
            <Step n={3} title={t('phone.flow.download')}>
              <Code text={`GET ${url}{media.download_url}`} />
              <p className="muted">{t('phone.flow.downloadNote')}</p>
            </Step>
            <Step n={4} title={t('phone.flow.error')}>
              <p className="muted">{t('phone.flow.errorNote')}</p>
            </Step>
          </ol>
        </Section>

        <AndroidImport url={url} reachable={reachable} apiKey={phoneKey.key} />

        <IosSteps url={url} reachable={reachable} keyText={keyText} />

        <Section
          icon="mail"
          title={t('phone.mail.title')}
          description={t('phone.mail.description')}
        >
          {phoneKey.panel}
          <Code text={`GET ${url}${routes.mailGenerate.path}\nX-API-Key: ${keyText}`} />
          <Code text={`GET ${url}${mails}?after_id=0&wait=30\nX-API-Key: ${keyText}`} />
          <p className="muted">{t('phone.mail.note')}</p>
        </Section>

        <Section
          icon="settings"
          title={t('phone.test.title')}
          description={t('phone.test.description')}
        >
          <Code text={post} />
        </Section>
      </div>
    </div>
  );
}

function Step({
  n,
  title,
  children,
}: {
  n: number;
  title: string;
  children: ReactNode;
}): ReactElement {
  return (
    <li className="step">
      <span className="step-n" aria-hidden="true">
        {n}
      </span>
      <div>
        <h3>{title}</h3>
        {children}
      </div>
    </li>
  );
}

function Code({ text }: { text: string }): ReactElement {
  const t = useT();
  return (
    <div className="code-block">
      <pre>{text}</pre>
      <CopyButton text={text} size="sm" showLabel={false} label={t('common.copy')} />
    </div>
  );
}
