import { startApp } from './compose.ts';
import type { AppConfig } from './config.ts';

/**
 * Runs the services without a window: prints the two "listening" lines scripts wait for, and
 * stops cleanly on SIGINT/SIGTERM.
 */
export async function runHeadless(config: AppConfig): Promise<void> {
  const app = await startApp(config);
  process.stdout.write(`HTTP listening on ${app.httpUrl}\n`);
  process.stdout.write(`SMTP listening on ${app.smtpHost}:${app.smtpPort}\n`);
  const shutdown = (signal: NodeJS.Signals): void => {
    process.stderr.write(`${signal} received, stopping\n`);
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
