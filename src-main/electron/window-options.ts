import type { BrowserWindowConstructorOptions, WebContents } from 'electron';

/**
 * The main window's options. The page is untrusted as far as Node goes: it runs isolated and
 * sandboxed, with no Node integration anywhere, and reaches main only through the preload's
 * `window.ephemera` (contract in src-shared/ipc).
 */
/** The page's background (src-renderer/styles/tokens.css --bg), painted before the page is. */
export const WINDOW_BACKGROUND = { light: '#f5f5f2', dark: '#121315' } as const;

export function mainWindowOptions(paths: {
  preload: string;
  icon?: string;
  dark?: boolean;
}): BrowserWindowConstructorOptions {
  return {
    title: 'Ephemera',
    width: 1120,
    height: 780,
    minWidth: 720,
    minHeight: 520,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: paths.dark ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light,
    ...(paths.icon ? { icon: paths.icon } : {}),
    webPreferences: {
      preload: paths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}

/** True for a well-formed http: or https: URL: the only kind handed to the system browser. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** True when `url` is on `origin` (scheme, host and port all equal). */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

export interface NavigationPolicy {
  /** Whether a URL belongs to the app (app://ephemera/, app-origin.ts). */
  isAppUrl(url: string): boolean;
  /** Opens a URL in the system browser. */
  openExternal(url: string): void;
}

/**
 * Keeps the window on the app: navigations and redirects off the app's pages are cancelled,
 * `<webview>` is refused, and `window.open`/`target=_blank` never opens an Electron window: an
 * http(s) URL goes to the system browser, anything else (file:, javascript:, custom schemes) is
 * dropped.
 */
export function lockNavigation(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  policy: NavigationPolicy,
): void {
  contents.on('will-navigate', (event) => {
    if (!policy.isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!policy.isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isWebUrl(url)) policy.openExternal(url);
    return { action: 'deny' };
  });
}
