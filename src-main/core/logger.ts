/** Tagged, levelled log lines on stderr; stdout stays for the lines scripts read. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

const sinks = new Set<(line: string) => void>();

/**
 * Also sends every log line to `sink` (the desktop app's log file); returns the function that
 * stops it. A sink that throws is skipped, never the app.
 */
export function addLogSink(sink: (line: string) => void): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export function createLogger(tag: string, quiet = false): Logger {
  const write = (level: string, message: string): void => {
    const line = `${new Date().toISOString()} ${level} [${tag}] ${message}`;
    if (!quiet) process.stderr.write(`${line}\n`);
    for (const sink of sinks) {
      try {
        sink(line);
      } catch {
        // The log must not break what it logs.
      }
    }
  };
  return {
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m, err) =>
      write('error', err instanceof Error ? `${m}: ${err.stack ?? err.message}` : m),
  };
}
