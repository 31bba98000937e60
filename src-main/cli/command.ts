/** One `npm run cli -- <name> …` command. */
export interface CliCommand {
  /** One usage line per form, for the help text. */
  usage: string[];
  run(args: string[]): Promise<void>;
}
