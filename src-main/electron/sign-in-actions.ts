import type { RunningApp } from '../app/compose.ts';
import { signInLink } from '../app/sign-in-link.ts';

export interface SignInActionDeps {
  services(): Promise<Pick<RunningApp, 'httpUrl' | 'mail'>>;
  openExternal(url: string): Promise<void>;
  copy(text: string): Promise<void> | void;
  showError(title: string, message: string): void;
}

/**
 * The tray's two ways into the web UI with a fresh one-time sign-in link (10 minutes, once):
 * open it in the default browser (what a click on "Open in browser" is expected to do), or copy
 * it for another browser or profile on this computer, the one a lockout message is read in.
 */
export function signInActions(deps: SignInActionDeps): {
  openInBrowser(): void;
  copySignInLink(): void;
} {
  const withLink = (title: string, use: (link: string) => Promise<void> | void): void => {
    deps
      .services()
      .then((started) => use(signInLink(started)))
      .catch((err: unknown) => {
        deps.showError(title, err instanceof Error ? err.message : String(err));
      });
  };
  return {
    openInBrowser: () => withLink('Open in browser', (link) => deps.openExternal(link)),
    copySignInLink: () => withLink('Copy sign-in link', (link) => deps.copy(link)),
  };
}
