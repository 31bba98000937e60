import type { AddressInfo, Server, Socket } from 'node:net';
import { isLoopbackAddress } from '../core/loopback.ts';
import { StartupError } from '../core/startup-error.ts';
import {
  AddressCounter,
  DEFAULT_CONNECTION_LIMITS,
  httpSlot,
  refuseHttpConnection,
  type PerAddressLimit,
} from './connection-limits.ts';

/** The HTTP and SMTP listeners could not move to another address; the old ones still run. */
export class RebindError extends Error {
  override name = 'RebindError';
}

/** A port another program holds; the desktop may then choose a free one (onPortTaken). */
export class PortInUseError extends StartupError {
  override name = 'PortInUseError';
  constructor(
    readonly service: 'http' | 'smtp',
    readonly port: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Called when a configured port is taken, before giving up: resolving means "listen on a free
 * port instead" (the desktop app), throwing ends the start with that error.
 */
export type PortTakenHandler = (service: 'http' | 'smtp', port: number) => Promise<void>;

interface Bound {
  name: 'HTTP' | 'SMTP';
  server: Server;
  port: number;
  sockets: Set<Socket>;
}

/**
 * The two listening sockets of the services (HTTP and SMTP), movable between loopback and every
 * interface without stopping anything: a rebind stops accepting on the old address and listens
 * on the new one with the same ports, so downloads, transfers and WebSockets in progress go on.
 * Moving back to loopback also cuts the connections that came from other machines: turning
 * LAN sharing off must lock phones out at once. HTTP connections are also counted per client
 * (all of loopback is one): at the limit, the client's longest-idle keyless socket is closed to
 * make room, and only when there is none is the new one refused (refuseHttpConnection). SMTP sessions are
 * counted by the SMTP server itself (smtp-ingest.ts), which can answer 421.
 */
export class Listeners {
  private readonly bound: Bound[];

  /** Tracks connections from now on; the servers listen (on `currentHost`) soon after. */
  constructor(
    servers: { http: Server; smtp: Server },
    private currentHost: string,
    httpLimit: PerAddressLimit = DEFAULT_CONNECTION_LIMITS.http,
  ) {
    const httpCounter = new AddressCounter(httpLimit);
    this.bound = [
      track('HTTP', servers.http, (socket) => {
        const release = httpCounter.acquire(socket.remoteAddress, httpSlot(socket));
        if (!release) {
          refuseHttpConnection(socket);
          return false;
        }
        socket.once('close', release);
        return true;
      }),
      track('SMTP', servers.smtp),
    ];
  }

  get host(): string {
    return this.currentHost;
  }

  /** The bound port (kept while a rebind is between two listens). */
  get httpPort(): number {
    return portOf(this.bound[0]);
  }

  get smtpPort(): number {
    return portOf(this.bound[1]);
  }

  /**
   * The first listen: HTTP through `listenHttp` (Fastify finishes its own start there), then
   * SMTP. A port in use or refused becomes a StartupError naming the option to change.
   */
  async listen(
    ports: { port: number; smtpPort: number },
    listenHttp: (port: number) => Promise<unknown>,
    onPortTaken?: PortTakenHandler,
  ): Promise<void> {
    const [http, smtp] = this.bound;
    if (!http || !smtp) return;
    const withFallback = async (
      service: 'http' | 'smtp',
      port: number,
      start: (port: number) => Promise<unknown>,
    ): Promise<void> => {
      const [what, flag] = service === 'http' ? ['HTTP', '--port'] : ['SMTP', '--smtp-port'];
      try {
        await explain(what, flag, port, () => start(port));
      } catch (err) {
        if (!(err instanceof PortInUseError) || !onPortTaken || port === 0) throw err;
        await onPortTaken(service, port);
        await explain(what, flag, 0, () => start(0));
      }
    };
    await withFallback('http', ports.port, (port) => listenHttp(port));
    await withFallback('smtp', ports.smtpPort, (port) => {
      smtp.port = port;
      return listen(smtp, this.currentHost);
    });
  }

  /** Listens on `host` instead; on failure, listens on the old host again and throws. */
  async rebind(host: string): Promise<void> {
    if (host === this.currentHost) return;
    const previous = this.currentHost;
    for (const b of this.bound) {
      portOf(b);
      b.server.close();
    }
    try {
      for (const b of this.bound) await listen(b, host);
    } catch (err) {
      for (const b of this.bound) if (b.server.listening) b.server.close();
      for (const b of this.bound) await listen(b, previous);
      const code = (err as NodeJS.ErrnoException).code;
      throw new RebindError(
        code === 'EADDRINUSE'
          ? `Another program already uses one of the ports on this network (${this.httpPort} or ${this.smtpPort}). Close it, or choose other ports.`
          : `Cannot listen on ${host}: ${(err as Error).message}`,
      );
    }
    this.currentHost = host;
    if (!isWildcard(host)) this.dropRemoteConnections();
  }

  private dropRemoteConnections(): void {
    for (const b of this.bound) {
      for (const socket of b.sockets) {
        if (!isLoopbackAddress(socket.remoteAddress ?? '')) socket.destroy();
      }
    }
  }
}

export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/**
 * Keeps the set of open sockets. `admit` runs first of all 'connection' listeners (prepended,
 * before the HTTP parser is attached); a socket it turns down (and closes) is not tracked.
 */
function track(
  name: Bound['name'],
  server: Server,
  admit: (socket: Socket) => boolean = () => true,
): Bound {
  const sockets = new Set<Socket>();
  server.prependListener('connection', (socket: Socket) => {
    if (!admit(socket)) return;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return { name, server, port: 0, sockets };
}

function portOf(b: Bound | undefined): number {
  if (!b) return 0;
  const address = b.server.address() as AddressInfo | null;
  if (address) b.port = address.port;
  return b.port;
}

function listen(b: Bound, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    b.server.once('error', onError);
    b.server.listen(b.port, host, () => {
      b.server.off('error', onError);
      resolve();
    });
  });
}

/** Turns "address in use" and friends into a sentence that names the option to change. */
async function explain(
  what: string,
  flag: string,
  port: number,
  listen: () => Promise<unknown>,
): Promise<void> {
  try {
    await listen();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new PortInUseError(
        what === 'HTTP' ? 'http' : 'smtp',
        port,
        `${what} port ${port} is already in use; choose another with ${flag}.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `${what} port ${port} needs privileges; choose one above 1024 with ${flag}.`,
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartupError(`This machine has no address matching --host; check it.`);
    }
    throw err;
  }
}
