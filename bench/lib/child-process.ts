import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A spawned process that is waited for and never outlives the bench. */
export interface Child {
  proc: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stderr(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code or 'killed'. */
  stop(graceMs: number): Promise<number | null | 'killed'>;
}

export function spawnChild(args: string[], cwd: string, env?: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  if (proc.pid === undefined) throw new Error(`could not start node ${args.join(' ')}`);
  return {
    proc,
    pid: proc.pid,
    exited,
    stderr: () => stderr,
    async stop(graceMs) {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>(
        (r) => (timer = setTimeout(() => r('timeout'), graceMs)),
      );
      const code = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (code !== 'timeout') return code;
      proc.kill('SIGKILL');
      await exited;
      return 'killed';
    },
  };
}

/** Resolves at the first stdout line matching `re`; rejects on timeout or an early exit. */
export function waitForLine(child: Child, re: RegExp, timeoutMs: number): Promise<string> {
  const stdout = child.proc.stdout;
  if (!stdout) return Promise.reject(new Error('no stdout'));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const finish = (err: Error | null, line = ''): void => {
      clearTimeout(timer);
      stdout.off('data', onData);
      if (err) reject(err);
      else resolve(line);
    };
    const timer = setTimeout(
      () => finish(new Error(`no "${re.source}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString();
      const m = re.exec(buffered);
      if (m) finish(null, m[0]);
    };
    stdout.on('data', onData);
    void child.exited.then((code) => finish(new Error(`exited (${code}) before ready`)));
  });
}

/** A "Name:   1234 kB" field of /proc/<pid>/status, in MiB. */
export function procStatusMb(pid: number, field: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!m) throw new Error(`${field} not in /proc/${pid}/status`);
  return Number(m[1]) / 1024;
}
