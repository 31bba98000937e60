import { loadConfig } from '../app/config.ts';
import { runHeadless } from '../app/headless.ts';
import type { CliCommand } from './command.ts';

/** `serve`: the services headless, what `npm start -- --headless` does. */
export const serveCommand: CliCommand = {
  usage: [
    'serve [--host H] [--port P] [--smtp-port S] [--data-dir D] [--domain D ...] [--proxy URL] [--smtp-tls-key F --smtp-tls-cert F] [--mail-retention-hours H]',
  ],
  run: (args) => runHeadless(loadConfig([...args, '--headless'])),
};
