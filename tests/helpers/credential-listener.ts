import net from 'node:net';
import { deferred } from './deferred.ts';

/**
 * A fake IMAP server on 127.0.0.1 that records every byte a client sends: it greets, answers
 * CAPABILITY with plain LOGIN allowed, and refuses everything else. It tells whether a
 * password (in clear, or base64 inside AUTHENTICATE PLAIN) ever reached it.
 */
export interface CredentialListener {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Everything received, all connections together. */
  received(): string;
  /** Whether `secret` arrived, in clear or in a SASL PLAIN response. */
  saw(secret: string): boolean;
  /** Resolves once `secret` has arrived (bounded by the caller's test timeout). */
  waitFor(secret: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCredentialListener(): Promise<CredentialListener> {
  let connections = 0;
  let text = '';
  const waiters: { secret: string; done: () => void }[] = [];
  const sockets = new Set<net.Socket>();
  const saw = (secret: string): boolean => {
    if (text.includes(secret)) return true;
    // AUTHENTICATE PLAIN sends base64("\0user\0password"): decode every base64 run.
    return (text.match(/[A-Za-z0-9+/=]{8,}/g) ?? []).some((run) =>
      Buffer.from(run, 'base64').toString('latin1').includes(secret),
    );
  };
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write('* OK fake IMAP ready\r\n');
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      for (const w of waiters.filter((x) => saw(x.secret))) w.done();
      pending += chunk.toString('latin1');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        const [tag, command] = line.split(' ');
        if (!tag || !command) continue;
        if (command.toUpperCase() === 'CAPABILITY') {
          socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK done\r\n`);
        } else if (command.toUpperCase() === 'AUTHENTICATE' && line.split(' ').length === 3) {
          socket.write('+ \r\n');
        } else {
          socket.write(`${tag} NO refused\r\n`);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    connections: () => connections,
    received: () => text,
    saw,
    waitFor(secret) {
      if (saw(secret)) return Promise.resolve();
      const d = deferred();
      waiters.push({ secret, done: () => d.resolve() });
      return d.promise;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
