import { ServerInfoSchema } from '../../src-shared/api/server-settings.ts';
import { StartupError } from '../core/startup-error.ts';

/** A port the desktop could not have and the free one it took instead. */
export interface PortChange {
  service: 'http' | 'smtp';
  preferred: number;
}

/**
 * Another Ephemera answers on the HTTP port. This one holds the single-instance lock, so that
 * one belongs to another user, another copy of the app or a headless run: two would fight
 * over the same mail and settings, so this one says so and quits.
 */
export class OtherEphemeraError extends StartupError {
  override name = 'OtherEphemeraError';
  constructor(readonly url: string) {
    super(
      `Another Ephemera already runs at ${url} (another user's, another copy, or one started with npm start -- --headless). Use that one, or stop it and start Ephemera again.`,
    );
  }
}

/** Whether what answers on `http://127.0.0.1:<port>/api/info` is an Ephemera. */
export async function isEphemeraAt(
  port: number,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 1000,
): Promise<boolean> {
  try {
    const res = await fetchImpl(`http://127.0.0.1:${port}/api/info`, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!res.ok) return false;
    return ServerInfoSchema.safeParse(await res.json()).success;
  } catch {
    // Refused, timed out, not HTTP, not JSON: not an Ephemera.
    return false;
  }
}

/**
 * The desktop's answer to a taken port (Listeners' onPortTaken): another Ephemera on the HTTP
 * port ends the start (OtherEphemeraError); anything else means "take a free port", which is
 * recorded so the window and a notification can tell the user. settings.json keeps the
 * preferred port: the next start tries it again.
 */
export function portFallback(probe: (port: number) => Promise<boolean>): {
  onPortTaken(service: 'http' | 'smtp', port: number): Promise<void>;
  changes(): PortChange[];
} {
  const changes: PortChange[] = [];
  return {
    async onPortTaken(service, port) {
      if (service === 'http' && (await probe(port))) {
        throw new OtherEphemeraError(`http://127.0.0.1:${port}`);
      }
      changes.push({ service, preferred: port });
    },
    changes: () => [...changes],
  };
}
