import { startApp } from './compose.ts';
import { signInLink } from './sign-in-link.ts';
import type { AppConfig } from './config.ts';

/**
 * Runs the services without a window: prints the two "listening" lines scripts wait for (and,
 * on a first run, the new API key; with LAN sharing, the phones' URL; then a one-time sign-in
 * link for a browser on this computer), and stops cleanly on
 * SIGINT/SIGTERM. Settings saved in settings.json (LAN sharing, ports, proxy, data folder)
 * apply here exactly as in the desktop app: startApp reads them.
 */
export async function runHeadless(config: AppConfig): Promise<void> {
  const app = await startApp(config);
  const shutdown = (reason: string): void => {
    process.stderr.write(`${reason}, stopping\n`);
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT received'));
  process.once('SIGTERM', () => shutdown('SIGTERM received'));
  if (process.env.npm_lifecycle_event) stopWithLauncher(() => shutdown('npm exited'));
  // Printed only once the handlers are in place: a script may send SIGTERM as soon as it reads
  // these lines, and must get a clean stop, not the default kill.
  process.stdout.write(`HTTP listening on ${app.httpUrl}\n`);
  process.stdout.write(`SMTP listening on ${app.smtpHost}:${app.smtpPort}\n`);
  // After the two lines scripts wait for, so they stay exactly one each and come first.
  if (app.initialApiKey) process.stdout.write(`API key (shown once): ${app.initialApiKey}\n`);
  const { lanUrl } = app.settings.status();
  if (lanUrl) process.stdout.write(`Phones on this network: ${lanUrl}\n`);
  // Last, so the lines above keep their places: a browser on this computer opens this link and
  // is signed in (a new key), without copying the key printed once into a dialog.
  process.stdout.write(`Sign in from a browser on this computer: ${signInLink(app)}\n`);
}

/**
 * Under `npm start` the process sits below npm and a shell; a SIGTERM sent to npm kills the
 * shell without reaching us. When our parent goes away we are orphaned (re-parented on POSIX),
 * so stop as if the signal had arrived instead of holding the ports forever.
 */
function stopWithLauncher(stop: () => void): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop();
    }
  }, 500);
  timer.unref();
}
