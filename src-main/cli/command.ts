/** One `npm run cli -- <name> …` command. */
export interface CliCommand {
  /** One usage line per form, for the help text. */
  usage: string[];
  run(args: string[]): Promise<void>;
}

/** A command that was right but could not be done; its message says why (exit 1). */
export class CliFailure extends Error {
  override name = 'CliFailure';
}
