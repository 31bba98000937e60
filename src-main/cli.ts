import { ConfigError } from './app/config.ts';
import { StartupError } from './core/startup-error.ts';
import { CliFailure, type CliCommand } from './cli/command.ts';
import { probeCommand } from './cli/probe-command.ts';
import { keysCommand } from './cli/keys-command.ts';
import { serveCommand } from './cli/serve-command.ts';
import { signInCommand } from './cli/sign-in-command.ts';

/** Every command of the headless command line, by name. */
const COMMANDS: Record<string, CliCommand> = {
  serve: serveCommand,
  keys: keysCommand,
  probe: probeCommand,
  'sign-in': signInCommand,
};

function usage(): string {
  const lines = Object.entries(COMMANDS).flatMap(([name, c]) =>
    c.usage.map((u) => `  ${u.startsWith(name) ? u : `${name} ${u}`}`),
  );
  return `Usage: npm run cli -- <command> [options]\n\nCommands:\n${lines.join('\n')}\n  help\n`;
}

/** The headless command line: `npm run cli -- <command> …`. */
async function main([name, ...rest]: string[]): Promise<void> {
  if (name === undefined || name === 'help' || name === '--help') {
    process.stdout.write(usage());
    return;
  }
  const command = COMMANDS[name];
  if (!command) throw new ConfigError(`Unknown command "${name}".\n\n${usage()}`);
  await command.run(rest);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const known =
    err instanceof ConfigError || err instanceof StartupError || err instanceof CliFailure;
  process.stderr.write(`${known ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
