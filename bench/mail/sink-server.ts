import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The ingest baseline: the same smtp-server library with the same limits, accepting every
 * recipient and discarding every message. The difference to ours is leases, parsing, SQLite
 * and the live push.
 */
export async function startSinkServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: 10 * 1024 * 1024,
    logger: false,
    onRcptTo: (_address, _session, callback) => callback(),
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.once('end', () => callback(null, 'OK: discarded'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
