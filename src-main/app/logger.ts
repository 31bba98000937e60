/** Tagged, levelled log lines on stderr; stdout stays for the lines scripts read. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

export function createLogger(tag: string, quiet = false): Logger {
  const write = (level: string, message: string): void => {
    if (!quiet) process.stderr.write(`${new Date().toISOString()} ${level} [${tag}] ${message}\n`);
  };
  return {
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m, err) =>
      write('error', err instanceof Error ? `${m}: ${err.stack ?? err.message}` : m),
  };
}
