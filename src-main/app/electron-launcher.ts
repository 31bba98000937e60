import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** Why the desktop shell cannot start here, or null when it can. */
export function electronUnavailableReason(env: NodeJS.ProcessEnv = process.env): string | null {
  let binary: unknown;
  try {
    binary = createRequire(import.meta.url)('electron');
  } catch {
    return 'Electron is not installed';
  }
  if (typeof binary !== 'string') return 'the Electron binary was not downloaded';
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return 'no display is available';
  }
  return null;
}

/** Starts the desktop app and mirrors its exit code. */
export function launchElectron(args: string[]): void {
  const binary = createRequire(import.meta.url)('electron') as string;
  const child = spawn(binary, ['.', ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
}
