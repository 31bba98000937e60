import fs from 'node:fs';
import path from 'node:path';

export interface LogFileOptions {
  /** Rotate once the file would pass this size (default 1 MiB). */
  maxBytes?: number;
  /** Older files kept: name.1 (newest) … name.N (default 3). */
  keep?: number;
}

export interface LogFile {
  readonly path: string;
  /** Appends one line (a newline is added); never throws: a log must not stop the app. */
  write(line: string): void;
}

/**
 * The desktop's log file (`ephemera.log` in the OS logs folder), rotated by size: when the next
 * line would pass `maxBytes`, ephemera.log becomes ephemera.log.1, .1 becomes .2 and so on;
 * the oldest beyond `keep` is deleted. Synchronous appends: lines are few (start, stop,
 * warnings, errors) and the last ones before a crash must be on disk.
 */
export function openLogFile(
  dir: string,
  name = 'ephemera.log',
  options: LogFileOptions = {},
): LogFile {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const keep = options.keep ?? 3;
  const file = path.join(dir, name);
  let size = -1;
  let broken = false;

  const rotate = (): void => {
    fs.rmSync(`${file}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) {
      if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`);
    }
    if (keep >= 1) fs.renameSync(file, `${file}.1`);
    else fs.rmSync(file, { force: true });
    size = 0;
  };

  return {
    path: file,
    write(line) {
      if (broken) return;
      const bytes = Buffer.from(`${line}\n`, 'utf8');
      try {
        if (size < 0) {
          fs.mkdirSync(dir, { recursive: true });
          size = fs.existsSync(file) ? fs.statSync(file).size : 0;
        }
        if (size > 0 && size + bytes.length > maxBytes) rotate();
        fs.appendFileSync(file, bytes, { mode: 0o600 });
        size += bytes.length;
      } catch (err) {
        // A full disk or a read-only folder: say so once on stderr, then keep running.
        broken = true;
        process.stderr.write(`cannot write the log file ${file}: ${String(err)}\n`);
      }
    },
  };
}
