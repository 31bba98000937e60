import type { RunningApp } from '../app/compose.ts';
import type { DesktopDeps } from './desktop-deps.ts';
import type { PortChange } from './port-fallback.ts';

/**
 * The lines headless mode prints (scripts wait for them), on stdout and in the log; a port
 * that had to change is also a system notification (the window shows a banner).
 */
export function announce(
  deps: Pick<DesktopDeps, 'stdout' | 'logger' | 'createNotification' | 'notificationsSupported'>,
  app: RunningApp,
  changes: readonly PortChange[],
): void {
  const lines = [
    `HTTP listening on ${app.httpUrl}`,
    `SMTP listening on ${app.smtpHost}:${app.smtpPort}`,
  ];
  for (const line of lines) {
    deps.stdout(`${line}\n`);
    deps.logger.info(line);
  }
  for (const change of changes) {
    const actual = change.service === 'http' ? new URL(app.httpUrl).port : String(app.smtpPort);
    const what = change.service === 'http' ? 'HTTP' : 'SMTP';
    const body = `${what} port ${change.preferred} is used by another program; Ephemera uses ${actual} for now.`;
    deps.logger.warn(body);
    if (deps.notificationsSupported()) {
      deps.createNotification({ title: 'Ephemera is on another port', body }).show();
    }
  }
}

/** Where previews come from: the local server on the configured host, whichever port it got. */
export function mediaOrigin(host: string): string {
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:*`;
}
