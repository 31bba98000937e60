import { ConfigError, loadConfig } from './app/config.ts';
import { StartupError } from './core/startup-error.ts';
import {
  electronUnavailableReason,
  ensureNativeBuild,
  launchElectron,
} from './app/electron-launcher.ts';
import { runHeadless } from './app/headless.ts';

/**
 * `npm start`: the desktop app where Electron can run, otherwise the same services headless.
 * Either way better-sqlite3 is first made to fit the runtime that will load it.
 */
async function main(argv: string[]): Promise<void> {
  const config = loadConfig(argv);
  if (!config.headless) {
    const reason = electronUnavailableReason() ?? ensureNativeBuild('electron');
    if (reason === null) return launchElectron(argv);
    process.stderr.write(`Starting headless: ${reason}.\n`);
  }
  const native = ensureNativeBuild('node');
  if (native !== null) process.stderr.write(`${native}; trying to start anyway.\n`);
  await runHeadless(config);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof StartupError;
  process.stderr.write(`${known ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
