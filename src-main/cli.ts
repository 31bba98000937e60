import { ConfigError, StartupError, loadConfig } from './app/config.ts';
import { runHeadless } from './app/headless.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  serve [--host H] [--port P] [--smtp-port S] [--data-dir D] [--domain D ...] [--proxy URL]
        run the services headless (what "npm start -- --headless" does)
  help  show this text
`;

/** The headless command line. */
async function main([command, ...rest]: string[]): Promise<void> {
  switch (command) {
    case 'serve':
      return runHeadless(loadConfig([...rest, '--headless']));
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(USAGE);
      return;
    default:
      throw new ConfigError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof StartupError;
  process.stderr.write(`${known ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
