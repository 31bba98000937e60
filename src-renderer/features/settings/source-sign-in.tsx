import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { api } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { useT } from '../../i18n/i18n.ts';
import type { SourceAuthorize } from '../../../src-shared/mail/sources.ts';

/** A sign-in the user is finishing at the provider, and when its code runs out (ms). */
export interface SignInShown {
  id: string;
  answer: SourceAuthorize;
  until: number;
}

export function signInShown(id: string, answer: SourceAuthorize): SignInShown {
  const seconds = answer.flow === 'device' ? answer.expires_in : 600;
  return { id, answer, until: Date.now() + seconds * 1000 };
}

/**
 * What to do at the provider: the device code with its link, a Copy button and a live
 * countdown (Microsoft), or the URL of the browser sign-in (Google), which the desktop app
 * opens in the system browser. The section closes it when the source leaves `authorizing`;
 * Cancel ends the sign-in on the server too (it stops asking the provider).
 */
export function SourceSignIn({
  shown,
  onCancel,
}: {
  shown: SignInShown;
  onCancel: () => void;
}): ReactElement {
  const t = useT();
  const left = useSecondsLeft(shown.until);
  const { answer } = shown;
  const desktop = api().desktop;
  useEffect(() => {
    if (answer.flow === 'loopback') void desktop?.openLink(answer.url).catch(() => undefined);
  }, [answer, desktop]);

  if (answer.flow === 'loopback') {
    return (
      <Panel
        title={t('settings.sources.loopbackTitle')}
        steps={t('settings.sources.loopbackSteps')}
        url={answer.url}
        urlTestId="sign-in-url"
      >
        <div className="row">
          {desktop ? (
            <Button size="sm" variant="secondary" onClick={() => void desktop.openLink(answer.url)}>
              {t('settings.sources.openBrowser')}
            </Button>
          ) : null}
          <CopyButton text={answer.url} size="sm" />
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('settings.sources.cancel')}
          </Button>
        </div>
      </Panel>
    );
  }
  return (
    <Panel
      title={t('settings.sources.deviceTitle')}
      steps={t('settings.sources.deviceSteps')}
      url={answer.verification_uri}
      urlTestId="sign-in-link"
    >
      <div className="row">
        <code className="source-sign-in-code" data-testid="sign-in-code">
          {answer.user_code}
        </code>
        <CopyButton text={answer.user_code} size="sm" testId="sign-in-copy" />
      </div>
      <p className="muted" role="timer" aria-live="off" data-testid="sign-in-countdown">
        {left > 0
          ? t('settings.sources.deviceExpires', { time: clock(left) })
          : t('settings.sources.deviceExpired')}
      </p>
      <div className="row">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('settings.sources.cancel')}
        </Button>
      </div>
    </Panel>
  );
}

function Panel({
  title,
  steps,
  url,
  urlTestId,
  children,
}: {
  title: string;
  steps: string;
  url: string;
  urlTestId: string;
  children: ReactNode;
}): ReactElement {
  return (
    <div
      className="source-sign-in"
      role="group"
      aria-labelledby="sign-in-title"
      data-testid="source-sign-in"
    >
      <strong id="sign-in-title">{title}</strong>
      <p>{steps}</p>
      <p className="source-sign-in-url">
        <a href={url} target="_blank" rel="noreferrer noopener" data-testid={urlTestId}>
          {url}
        </a>
      </p>
      {children}
    </div>
  );
}

function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
