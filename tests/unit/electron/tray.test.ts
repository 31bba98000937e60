import { describe, expect, it, vi } from 'vitest';
import {
  createAppTray,
  trayMenuTemplate,
  type TrayActions,
} from '../../../src-main/electron/tray.ts';
import { FakeTray, fakeBuildMenu } from '../../helpers/fake-electron.ts';

function actions() {
  return {
    open: vi.fn(() => undefined),
    openInBrowser: vi.fn(() => undefined),
    copySignInLink: vi.fn(() => undefined),
    setLanSharing: vi.fn((_on: boolean) => undefined),
    copy: vi.fn((_text: string) => undefined),
    quit: vi.fn(() => undefined),
  } satisfies TrayActions;
}

function setup(platform: NodeJS.Platform = 'linux', lanSharing = false) {
  let tray: FakeTray | null = null;
  const acts = actions();
  const handle = createAppTray(
    {
      createTray: (icon) => (tray = new FakeTray(icon)) as never,
      buildMenu: fakeBuildMenu,
      icon: '/res/tray/tray-linux.png',
      platform,
    },
    acts,
    { lanSharing, lanUrl: lanSharing ? 'http://192.168.1.20:8787' : null, busy: false },
  );
  if (!tray) throw new Error('no tray created');
  return { tray: tray as FakeTray, acts, handle };
}

describe('tray menu', () => {
  it('has open, open in browser, copy sign-in link, share on LAN and quit', () => {
    const { tray } = setup();
    expect(tray.icon).toBe('/res/tray/tray-linux.png');
    expect(tray.tooltip).toBe('Ephemera');
    expect(tray.menu.filter((i) => i.type !== 'separator').map((i) => i.label)).toEqual([
      'Open Ephemera',
      'Open in browser',
      'Copy sign-in link',
      'Share on LAN',
      'Quit Ephemera',
    ]);
  });

  it('Open shows the window; Open in browser and Copy sign-in link ask for a sign-in link; Quit quits', () => {
    const { tray, acts } = setup();
    tray.click('open');
    expect(acts.open).toHaveBeenCalledOnce();
    tray.click('browser');
    expect(acts.openInBrowser).toHaveBeenCalledOnce();
    expect(acts.copySignInLink).not.toHaveBeenCalled();
    tray.click('sign-in-link');
    expect(acts.copySignInLink).toHaveBeenCalledOnce();
    expect(acts.copy).not.toHaveBeenCalled();
    tray.click('quit');
    expect(acts.quit).toHaveBeenCalledOnce();
  });

  it('Share on LAN is a checkbox that asks for the flipped state', () => {
    const { tray, acts } = setup();
    expect(tray.menu.find((i) => i.id === 'lan')).toMatchObject({
      type: 'checkbox',
      checked: false,
    });
    tray.click('lan');
    expect(acts.setLanSharing).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('shows the LAN address to copy while sharing, and can turn it off', () => {
    const { tray, acts } = setup('linux', true);
    expect(tray.menu.find((i) => i.id === 'lan-url')?.label).toBe('Copy http://192.168.1.20:8787');
    tray.click('lan-url');
    expect(acts.copy).toHaveBeenCalledWith('http://192.168.1.20:8787');
    tray.click('lan');
    expect(acts.setLanSharing).toHaveBeenCalledWith(false);
  });

  it('says so when sharing has no LAN address, and disables the switch while busy', () => {
    const items = trayMenuTemplate({ lanSharing: true, lanUrl: null, busy: true }, actions());
    expect(items.find((i) => i.id === 'lan-url')).toMatchObject({ enabled: false });
    expect(items.find((i) => i.id === 'lan')).toMatchObject({ enabled: false });
    expect(items.find((i) => i.id === 'browser')).toMatchObject({ enabled: false });
    expect(items.find((i) => i.id === 'sign-in-link')).toMatchObject({ enabled: false });
  });

  it('update() rebuilds the menu', () => {
    const { tray, handle } = setup();
    handle.update({ lanSharing: true, lanUrl: 'http://10.0.0.5:8787', busy: false });
    expect(tray.menu.find((i) => i.id === 'lan')?.checked).toBe(true);
    handle.destroy();
    expect(tray.destroyed).toBe(true);
  });

  it('opens the window on an icon click on Windows', () => {
    const { tray, acts } = setup('win32');
    tray.emit('click');
    expect(acts.open).toHaveBeenCalledOnce();
  });
});
