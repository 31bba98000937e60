import { useEffect, type ReactElement } from 'react';
import { api } from '../api/client.ts';
import { Toaster } from '../components/toaster.tsx';
import { MailPage } from '../features/mail/mail-page.tsx';
import { useUnreadTotal } from '../features/mail/mail-refresh.ts';
import { useMailboxes } from '../features/mail/mailbox-store.ts';
import { PhonePage } from '../features/phone/phone-page.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { VideoPage } from '../features/video/video-page.tsx';
import { useVideo } from '../features/video/video-store.ts';
import { useT } from '../i18n/i18n.ts';
import { useKeyPrompt } from '../stores/key-prompt-store.ts';
import { useServer } from '../stores/server-store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { KeyDialog } from './key-dialog.tsx';
import { Nav } from './nav.tsx';
import { PortBanner } from './port-banner.tsx';
import type { PairFragment } from '../lib/pair-link.ts';
import { ReplaceKeyDialog } from './replace-key-dialog.tsx';
import { usePairing } from './use-pairing.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { useShortcutKeys } from './use-shortcut-keys.ts';
import { useRoute } from './use-route.ts';
import { useDocumentPrefs } from './use-theme.ts';

/**
 * The app shell: app bar, the current screen, the key dialog and toasts. `pairing`: the sign-in
 * link this page was opened with (main.tsx took it out of the address bar), used once.
 */
export function App({ pairing = null }: { pairing?: PairFragment | null }): ReactElement {
  const t = useT();
  const route = useRoute();
  useDocumentPrefs();
  usePairing(pairing);
  useShortcutKeys(route);

  useEffect(() => {
    api().auth.setPrompt((reason) => useKeyPrompt.getState().ask(reason));
    void useServer.getState().loadInfo();
    useVideo.getState().restore();
    useMailboxes.getState().restore();
  }, []);

  const unread = useUnreadTotal();
  useEffect(() => {
    const title = `${t(`nav.${route}`)} · Ephemera`;
    // Unread mail of this device's mailboxes, as mail clients show it in the tab.
    document.title = unread > 0 ? t('mail.titleUnread', { count: unread, title }) : title;
  }, [route, t, unread]);

  useEffect(() => {
    // The stylesheet gives the mail screen a window-high layout whose panes scroll on their own.
    document.documentElement.dataset.route = route;
    window.scrollTo(0, 0);
    // A screen may have just put the focus on one of its own fields (a shortcut such as "v"
    // asks for that); everything else starts at the top of the new screen.
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [route, t]);

  return (
    <div className="app" data-route={route}>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // "#main" is not a screen: following it would change the route (to Video).
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('nav.skip')}
      </a>
      <Nav route={route} />
      <main id="main" className="main" tabIndex={-1}>
        <PortBanner />
        <ErrorBoundary key={route} title={t('error.screen')} reload={t('error.reload')}>
          {route === 'video' ? <VideoPage /> : null}
          {route === 'mail' ? <MailPage /> : null}
          {route === 'phone' ? <PhonePage /> : null}
          {route === 'settings' ? <SettingsPage /> : null}
        </ErrorBoundary>
      </main>
      <KeyDialog />
      <ReplaceKeyDialog />
      <ShortcutsDialog />
      <Toaster />
    </div>
  );
}
