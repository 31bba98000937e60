/**
 * The app in a child process, wired to a platform simulator the parent runs (SIM_PORT), so a
 * test can kill -9 it mid-download. Prints the same "HTTP listening on" line as the real CLI.
 */
import { startApp } from '../../src-main/app/compose.ts';
import { simDispatcher } from '../fixtures/platform-sim/sim-dispatcher.ts';
import { simRegistry } from './test-app.ts';

const app = await startApp(
  {
    host: '127.0.0.1',
    port: 0,
    smtpPort: 0,
    dataDir: process.env.DATA_DIR ?? '',
    domains: [],
    headless: true,
    proxy: null,
  },
  {
    registry: simRegistry(),
    dispatcher: simDispatcher(Number(process.env.SIM_PORT)),
    quiet: true,
  },
);
process.stdout.write(`HTTP listening on ${app.httpUrl}\n`);
