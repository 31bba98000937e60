import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import {
  isSameOrigin,
  isWebUrl,
  lockNavigation,
  mainWindowOptions,
} from '../../../src-main/electron/window-options.ts';
import { FakeWebContents } from '../../helpers/fake-electron.ts';

const APP = 'http://127.0.0.1:8787';

function locked() {
  const contents = new FakeWebContents();
  const openExternal = vi.fn();
  lockNavigation(contents as unknown as WebContents, {
    isAppUrl: (url) => isSameOrigin(url, APP),
    openExternal,
  });
  return { contents, openExternal };
}

describe('main window options', () => {
  it('isolate and sandbox the page with no Node anywhere', () => {
    const options = mainWindowOptions({ preload: '/app/dist/preload/preload.cjs' });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(options.show).toBe(false);
  });
});

describe('navigation lock', () => {
  it('lets the app navigate within its origin', () => {
    const { contents } = locked();
    expect(contents.navigate(`${APP}/`)).toBe(true);
    expect(contents.navigate(`${APP}/settings?x=1`)).toBe(true);
  });

  it.each([
    'https://evil.example/',
    'http://127.0.0.1:8788/',
    'http://localhost:8787/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
  ])('blocks navigating to %s', (url) => {
    const { contents, openExternal } = locked();
    expect(contents.navigate(url)).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('blocks a redirect off the app', () => {
    const { contents } = locked();
    expect(contents.navigate('https://evil.example/', 'will-redirect')).toBe(false);
    expect(contents.navigate(`${APP}/other`, 'will-redirect')).toBe(true);
  });

  it('refuses <webview>', () => {
    const { contents } = locked();
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('opens http(s) links in the system browser and never a new window', () => {
    const { contents, openExternal } = locked();
    for (const url of ['https://example.org/page', 'http://example.org/', `${APP}/api/x`]) {
      expect(contents.openHandler?.({ url } as never)).toEqual({ action: 'deny' });
      expect(openExternal).toHaveBeenLastCalledWith(url);
    }
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'mailto:a@b.c',
    'nonsense',
  ])('drops window.open(%s) without opening anything', (url) => {
    const { contents, openExternal } = locked();
    expect(contents.openHandler?.({ url } as never)).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });
});

describe('url checks', () => {
  it('isWebUrl accepts only http and https', () => {
    expect(isWebUrl('https://a.example')).toBe(true);
    expect(isWebUrl('HTTP://A.EXAMPLE/')).toBe(true);
    expect(isWebUrl('ftp://a.example')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
  });

  it('isSameOrigin compares scheme, host and port', () => {
    expect(isSameOrigin(`${APP}/x`, `${APP}/`)).toBe(true);
    expect(isSameOrigin('https://127.0.0.1:8787/', APP)).toBe(false);
    expect(isSameOrigin('nonsense', APP)).toBe(false);
  });
});
