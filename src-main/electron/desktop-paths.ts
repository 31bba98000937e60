import path from 'node:path';

/** Files the desktop shell loads besides its own code. */
export interface DesktopPaths {
  /** The preload bundle (CommonJS: sandboxed preloads cannot be ES modules). */
  preload: string;
  /** The built web UI (Vite's output), served to the window as app://ephemera/. */
  rendererDir: string;
  windowIcon: string;
  trayIcon: string;
}

/** Where the build (scripts/build-main.mjs) and resources/ put them, from the app folder. */
export function desktopPaths(root: string, platform: NodeJS.Platform): DesktopPaths {
  return {
    preload: path.join(root, 'dist', 'preload', 'preload.cjs'),
    rendererDir: path.join(root, 'dist', 'renderer'),
    windowIcon: path.join(root, 'resources', 'icon.png'),
    trayIcon: path.join(root, 'resources', 'tray', trayIconName(platform)),
  };
}

/**
 * macOS wants a black "Template" image it recolours for light and dark menu bars; Windows a
 * 16 px icon (with its @2x beside it); Linux panels scale a larger one down.
 */
export function trayIconName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'trayTemplate.png';
  if (platform === 'win32') return 'tray.png';
  return 'tray-linux.png';
}
