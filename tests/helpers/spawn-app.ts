import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface SpawnedApp {
  child: ChildProcess;
  /** Lines the child printed on stdout so far. */
  stdout: string[];
  stderr: string[];
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

/**
 * Starts a Node child with tsx and resolves once a stdout line matches `ready`
 * (rejects if the child exits first or after `timeoutMs`).
 */
export async function spawnApp(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number; command?: string },
): Promise<SpawnedApp> {
  const child = spawn(
    options.command ?? process.execPath,
    options.command ? args : ['--import', 'tsx', ...args],
    {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stdout: string[] = [];
  const stderr: string[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  readline.createInterface({ input: child.stderr }).on('line', (l) => stderr.push(l));
  const lines = readline.createInterface({ input: child.stdout });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not ready in time; stderr: ${stderr.join('\n')}`)),
      options.timeoutMs ?? 20_000,
    );
    lines.on('line', (line) => {
      stdout.push(line);
      if (options.ready.test(line)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready; stderr: ${stderr.join('\n')}`));
    });
  });
  return { child, stdout, stderr, exited };
}

/** A first run of the headless app from source in a child: its URL, SMTP port and first key. */
export interface FirstRunApp {
  app: SpawnedApp;
  base: string;
  smtpPort: number;
  key: string;
}

export async function spawnFirstRun(dataDir: string): Promise<FirstRunApp> {
  const app = await spawnApp(
    ['src-main/start.ts', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
    { ready: /^API key \(shown once\): / },
  );
  return {
    app,
    base: (app.stdout[0] ?? '').replace('HTTP listening on ', ''),
    smtpPort: Number((app.stdout[1] ?? '').split(':').at(-1)),
    key: (app.stdout[2] ?? '').replace('API key (shown once): ', ''),
  };
}

/** The headless app from source on `dataDir`, on free ports, ready once it printed its link. */
export function spawnHeadless(dataDir: string): Promise<SpawnedApp> {
  return spawnApp(
    ['src-main/start.ts', '--headless', '--port', '0', '--smtp-port', '0', '--data-dir', dataDir],
    { ready: /^Sign in from a browser on this computer: / },
  );
}
