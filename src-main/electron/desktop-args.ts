/** Chromium and Electron switches that may reach the app's argv; they are not Ephemera's. */
const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-logging',
  '--inspect',
  '--remote-debugging-port',
  '--ozone-platform',
  '--enable-features',
  '--disable-features',
  '--disable-dev-shm-usage',
  '--force-device-scale-factor',
];

/**
 * The arguments meant for Ephemera (`--port`, `--data-dir` …): after the app folder when run as
 * `electron . …`, after the executable once packaged; without macOS's `-psn_…` and the Chromium
 * switches above.
 */
export function desktopArgs(argv: readonly string[], defaultApp: boolean): string[] {
  return argv
    .slice(defaultApp ? 2 : 1)
    .filter(
      (arg) =>
        !arg.startsWith('-psn_') &&
        !CHROMIUM_SWITCHES.some((name) => arg === name || arg.startsWith(`${name}=`)),
    );
}
