import { ConfigError, StartupError, loadConfig } from './app/config.ts';
import { electronUnavailableReason, launchElectron } from './app/electron-launcher.ts';
import { runHeadless } from './app/headless.ts';

/** `npm start`: the desktop app where Electron can run, otherwise the same services headless. */
async function main(argv: string[]): Promise<void> {
  const config = loadConfig(argv);
  if (!config.headless) {
    const reason = electronUnavailableReason();
    if (reason === null) return launchElectron(argv);
    process.stderr.write(`Starting headless: ${reason}.\n`);
  }
  await runHeadless(config);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof StartupError;
  process.stderr.write(`${known ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
