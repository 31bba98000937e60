import { EventEmitter, once } from 'node:events';
import net, { type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StartupError } from '../../../src-main/core/startup-error.ts';
import { Listeners, RebindError, isWildcard } from '../../../src-main/net/listeners.ts';
import { freePort } from '../../helpers/free-ports.ts';

const LOOPBACK = '127.0.0.1';

/** Everything a test opened, closed again after it. */
const servers: Server[] = [];
const clients: Socket[] = [];

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          // Connections the server accepted end with the clients above; close() waits for them.
          if (!server.listening) return resolve();
          server.close(() => resolve());
        }),
    ),
  );
  vi.restoreAllMocks();
});

/** A server that echoes what it receives (a stand-in for a transfer in progress). */
function echoServer(): Server {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => socket.write(chunk));
  });
  servers.push(server);
  return server;
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function addressOf(server: Server): AddressInfo {
  return server.address() as AddressInfo;
}

/** Two echo servers behind Listeners, listening on 127.0.0.1 with ports the OS chose. */
async function started(host = LOOPBACK) {
  const http = echoServer();
  const smtp = echoServer();
  const listeners = new Listeners({ http, smtp }, host);
  await listeners.listen({ port: 0, smtpPort: 0 }, (port) => listenOn(http, port, host));
  return { http, smtp, listeners };
}

async function connect(port: number): Promise<Socket> {
  const socket = net.connect(port, LOOPBACK);
  clients.push(socket);
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/** Resolves once the server has accepted (and Listeners tracked) its next connection. */
function nextConnection(server: Server): Promise<Socket> {
  return new Promise((resolve) => server.once('connection', resolve));
}

async function connectTracked(server: Server, port: number): Promise<Socket> {
  const accepted = nextConnection(server);
  const client = await connect(port);
  await accepted;
  return client;
}

async function roundTrip(socket: Socket, text: string): Promise<string> {
  const reply = once(socket, 'data');
  socket.write(text);
  const [chunk] = (await reply) as [Buffer];
  return chunk.toString('utf8');
}

/** A socket-like object from a "remote" peer, emitted straight into a server. */
function fakePeer(remoteAddress: string | undefined) {
  const peer = Object.assign(new EventEmitter(), {
    remoteAddress,
    destroy: vi.fn(),
  });
  return peer;
}

/** Makes `server.listen` fail on `host` with `code`, as the OS would (asynchronously). */
function failListenOn(server: Server, host: string, code: string): { restore(): void } {
  const realListen = server.listen.bind(server) as (...args: unknown[]) => Server;
  const spy = vi.spyOn(server, 'listen');
  spy.mockImplementation(((...args: unknown[]) => {
    if (args[1] === host) {
      const err = Object.assign(new Error(`listen ${code}: ${host}:${String(args[0])}`), { code });
      process.nextTick(() => server.emit('error', err));
      return server;
    }
    return realListen(...args);
  }) as Server['listen']);
  return { restore: () => spy.mockRestore() };
}

describe('isWildcard', () => {
  it.each(['0.0.0.0', '::', '[::]'])('%s is every interface', (host) => {
    expect(isWildcard(host)).toBe(true);
  });

  it.each(['127.0.0.1', '::1', 'localhost', '192.168.1.20', ''])('%j is one address', (host) => {
    expect(isWildcard(host)).toBe(false);
  });
});

describe('Listeners.listen', () => {
  it('listens HTTP through listenHttp and SMTP on the host, and reports both ports', async () => {
    const http = echoServer();
    const smtp = echoServer();
    const listeners = new Listeners({ http, smtp }, LOOPBACK);
    const httpPort = await freePort();
    const listenHttp = vi.fn((port: number) => listenOn(http, port, LOOPBACK));

    await listeners.listen({ port: httpPort, smtpPort: 0 }, listenHttp);

    expect(listenHttp).toHaveBeenCalledExactlyOnceWith(httpPort);
    expect(listeners.host).toBe(LOOPBACK);
    expect(listeners.httpPort).toBe(httpPort);
    expect(addressOf(smtp).address).toBe(LOOPBACK);
    expect(listeners.smtpPort).toBe(addressOf(smtp).port);
    expect(listeners.smtpPort).toBeGreaterThan(0);
    expect(await roundTrip(await connect(listeners.httpPort), 'http')).toBe('http');
    expect(await roundTrip(await connect(listeners.smtpPort), 'smtp')).toBe('smtp');
  });

  it('reports port 0 for a server that is not listening yet', () => {
    const listeners = new Listeners({ http: echoServer(), smtp: echoServer() }, LOOPBACK);
    expect(listeners.httpPort).toBe(0);
    expect(listeners.smtpPort).toBe(0);
  });

  it('turns an HTTP port in use into a StartupError naming --port, and leaves SMTP alone', async () => {
    const blocker = echoServer();
    await listenOn(blocker, 0, LOOPBACK);
    const taken = addressOf(blocker).port;
    const http = echoServer();
    const smtp = echoServer();
    const listeners = new Listeners({ http, smtp }, LOOPBACK);

    const error = await listeners
      .listen({ port: taken, smtpPort: 0 }, (port) => listenOn(http, port, LOOPBACK))
      .then(
        () => null,
        (err: unknown) => err,
      );

    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `HTTP port ${taken} is already in use; choose another with --port.`,
    );
    expect(smtp.listening).toBe(false);
  });

  it('turns an SMTP port in use into a StartupError naming --smtp-port', async () => {
    const blocker = echoServer();
    await listenOn(blocker, 0, LOOPBACK);
    const taken = addressOf(blocker).port;
    const http = echoServer();
    const listeners = new Listeners({ http, smtp: echoServer() }, LOOPBACK);

    const listening = listeners.listen({ port: 0, smtpPort: taken }, (port) =>
      listenOn(http, port, LOOPBACK),
    );

    await expect(listening).rejects.toThrow(StartupError);
    await expect(listening).rejects.toThrow(
      `SMTP port ${taken} is already in use; choose another with --smtp-port.`,
    );
  });

  it('turns a privileged port into a StartupError naming the option', async () => {
    const listeners = new Listeners({ http: echoServer(), smtp: echoServer() }, LOOPBACK);
    const denied = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });

    await expect(
      listeners.listen({ port: 80, smtpPort: 25 }, () => Promise.reject(denied)),
    ).rejects.toThrow(
      new StartupError('HTTP port 80 needs privileges; choose one above 1024 with --port.'),
    );
  });

  it('names --smtp-port for a privileged SMTP port', async () => {
    const http = echoServer();
    const smtp = echoServer();
    failListenOn(smtp, LOOPBACK, 'EACCES');
    const listeners = new Listeners({ http, smtp }, LOOPBACK);

    await expect(
      listeners.listen({ port: 0, smtpPort: 25 }, (port) => listenOn(http, port, LOOPBACK)),
    ).rejects.toThrow(
      new StartupError('SMTP port 25 needs privileges; choose one above 1024 with --smtp-port.'),
    );
  });

  it.each(['EADDRNOTAVAIL', 'ENOTFOUND'])(
    'explains %s as a --host without a match',
    async (code) => {
      const listeners = new Listeners({ http: echoServer(), smtp: echoServer() }, '192.0.2.1');
      const err = Object.assign(new Error(`listen ${code}`), { code });

      await expect(
        listeners.listen({ port: 0, smtpPort: 0 }, () => Promise.reject(err)),
      ).rejects.toThrow(new StartupError('This machine has no address matching --host; check it.'));
    },
  );

  it('gives a host that is not on this machine as a StartupError (real EADDRNOTAVAIL)', async () => {
    // 192.0.2.0/24 is TEST-NET-1: no interface has it, so bind() fails without any traffic.
    const http = echoServer();
    const smtp = echoServer();
    const listeners = new Listeners({ http, smtp }, '192.0.2.1');

    await expect(
      listeners.listen({ port: 0, smtpPort: 0 }, (port) => listenOn(http, port, '192.0.2.1')),
    ).rejects.toThrow(StartupError);
    expect(http.listening).toBe(false);
    expect(smtp.listening).toBe(false);
  });

  it('passes other errors through unchanged', async () => {
    const listeners = new Listeners({ http: echoServer(), smtp: echoServer() }, LOOPBACK);
    const odd = Object.assign(new Error('something else'), { code: 'EWHATEVER' });

    const error = await listeners
      .listen({ port: 0, smtpPort: 0 }, () => Promise.reject(odd))
      .then(
        () => null,
        (err: unknown) => err,
      );

    expect(error).toBe(odd);
  });
});

describe('Listeners.rebind', () => {
  it('moves both listeners to 0.0.0.0 and back with the same ports', async () => {
    const { http, smtp, listeners } = await started();
    const ports = { http: listeners.httpPort, smtp: listeners.smtpPort };

    await listeners.rebind('0.0.0.0');

    expect(listeners.host).toBe('0.0.0.0');
    expect(addressOf(http)).toMatchObject({ address: '0.0.0.0', port: ports.http });
    expect(addressOf(smtp)).toMatchObject({ address: '0.0.0.0', port: ports.smtp });
    expect({ http: listeners.httpPort, smtp: listeners.smtpPort }).toEqual(ports);
    expect(await roundTrip(await connect(ports.http), 'on the LAN')).toBe('on the LAN');

    await listeners.rebind(LOOPBACK);

    expect(listeners.host).toBe(LOOPBACK);
    expect(addressOf(http)).toMatchObject({ address: LOOPBACK, port: ports.http });
    expect(addressOf(smtp)).toMatchObject({ address: LOOPBACK, port: ports.smtp });
    expect(await roundTrip(await connect(ports.smtp), 'private again')).toBe('private again');
  });

  it('does nothing when the host does not change', async () => {
    const { http, smtp, listeners } = await started();
    const closeHttp = vi.spyOn(http, 'close');
    const closeSmtp = vi.spyOn(smtp, 'close');

    await listeners.rebind(LOOPBACK);

    expect(closeHttp).not.toHaveBeenCalled();
    expect(closeSmtp).not.toHaveBeenCalled();
    expect(http.listening && smtp.listening).toBe(true);
  });

  it('keeps the connections in progress, both ways', async () => {
    const { http, smtp, listeners } = await started();
    const download = await connectTracked(http, listeners.httpPort);
    const delivery = await connectTracked(smtp, listeners.smtpPort);

    await listeners.rebind('0.0.0.0');

    expect(await roundTrip(download, 'still here')).toBe('still here');
    expect(await roundTrip(delivery, 'still here too')).toBe('still here too');

    // Connected while on every interface, through loopback: a local peer, kept on the way back.
    const lateDownload = await connectTracked(http, listeners.httpPort);
    await listeners.rebind(LOOPBACK);

    for (const socket of [download, delivery, lateDownload]) {
      expect(socket.destroyed).toBe(false);
      expect(await roundTrip(socket, 'loopback survives')).toBe('loopback survives');
    }
  });

  it('moving back to loopback cuts the peers from other machines only', async () => {
    const { http, smtp, listeners } = await started();
    await listeners.rebind('0.0.0.0');
    const local = await connectTracked(http, listeners.httpPort);
    const phone = fakePeer('192.0.2.7');
    const mappedPhone = fakePeer('::ffff:192.0.2.8');
    const mailer = fakePeer('198.51.100.3');
    const noAddress = fakePeer(undefined);
    const localV6 = fakePeer('::1');
    const localMapped = fakePeer('::ffff:127.0.0.1');
    const otherLoopback = fakePeer('127.0.0.53');
    for (const peer of [phone, mappedPhone, noAddress, localV6, localMapped, otherLoopback]) {
      http.emit('connection', peer);
    }
    smtp.emit('connection', mailer);

    await listeners.rebind(LOOPBACK);

    expect(phone.destroy).toHaveBeenCalledOnce();
    expect(mappedPhone.destroy).toHaveBeenCalledOnce();
    expect(mailer.destroy).toHaveBeenCalledOnce();
    expect(noAddress.destroy).toHaveBeenCalledOnce();
    expect(localV6.destroy).not.toHaveBeenCalled();
    expect(localMapped.destroy).not.toHaveBeenCalled();
    expect(otherLoopback.destroy).not.toHaveBeenCalled();
    expect(await roundTrip(local, 'kept')).toBe('kept');
  });

  it('moving to every interface cuts nobody', async () => {
    const { http, listeners } = await started();
    const phone = fakePeer('192.0.2.7');
    http.emit('connection', phone);

    await listeners.rebind('0.0.0.0');

    expect(phone.destroy).not.toHaveBeenCalled();
  });

  it('forgets a connection once it closed', async () => {
    const { http, listeners } = await started();
    await listeners.rebind('0.0.0.0');
    const gone = fakePeer('192.0.2.7');
    const stays = fakePeer('192.0.2.9');
    http.emit('connection', gone);
    http.emit('connection', stays);
    gone.emit('close');

    await listeners.rebind(LOOPBACK);

    expect(gone.destroy).not.toHaveBeenCalled();
    expect(stays.destroy).toHaveBeenCalledOnce();
  });

  it('on failure listens on the old host again, keeps the host and throws RebindError', async () => {
    const { http, smtp, listeners } = await started();
    const ports = { http: listeners.httpPort, smtp: listeners.smtpPort };
    const download = await connectTracked(http, ports.http);
    // HTTP moves fine, then SMTP fails: HTTP must come back too.
    failListenOn(smtp, '0.0.0.0', 'EADDRINUSE');

    const error = await listeners.rebind('0.0.0.0').then(
      () => null,
      (err: unknown) => err,
    );

    expect(error).toBeInstanceOf(RebindError);
    expect((error as Error).name).toBe('RebindError');
    expect((error as Error).message).toBe(
      `Another program already uses one of the ports on this network (${ports.http} or ${ports.smtp}). Close it, or choose other ports.`,
    );
    expect(listeners.host).toBe(LOOPBACK);
    expect(addressOf(http)).toMatchObject({ address: LOOPBACK, port: ports.http });
    expect(addressOf(smtp)).toMatchObject({ address: LOOPBACK, port: ports.smtp });
    expect({ http: listeners.httpPort, smtp: listeners.smtpPort }).toEqual(ports);
    expect(await roundTrip(download, 'kept')).toBe('kept');
    expect(await roundTrip(await connect(ports.smtp), 'smtp back')).toBe('smtp back');
  });

  it('names the host for other failures (a real address this machine does not have)', async () => {
    const { http, smtp, listeners } = await started();
    const ports = { http: listeners.httpPort, smtp: listeners.smtpPort };

    const rebinding = listeners.rebind('192.0.2.1');

    await expect(rebinding).rejects.toThrow(RebindError);
    await expect(rebinding).rejects.toThrow(/^Cannot listen on 192\.0\.2\.1: .*EADDRNOTAVAIL/);
    expect(listeners.host).toBe(LOOPBACK);
    expect(addressOf(http)).toMatchObject({ address: LOOPBACK, port: ports.http });
    expect(addressOf(smtp)).toMatchObject({ address: LOOPBACK, port: ports.smtp });
  });

  it('can move again after a failed move', async () => {
    const { http, smtp, listeners } = await started();
    const failure = failListenOn(http, '0.0.0.0', 'EADDRINUSE');
    await expect(listeners.rebind('0.0.0.0')).rejects.toThrow(RebindError);
    failure.restore();

    await listeners.rebind('0.0.0.0');

    expect(listeners.host).toBe('0.0.0.0');
    expect(addressOf(http).address).toBe('0.0.0.0');
    expect(addressOf(smtp).address).toBe('0.0.0.0');
  });

  it.runIf(process.platform === 'linux')(
    'a real port in use on another address: RebindError, and both back on loopback',
    async () => {
      const { http, smtp, listeners } = await started();
      const ports = { http: listeners.httpPort, smtp: listeners.smtpPort };
      // Linux routes all of 127.0.0.0/8 to lo: another program holding the SMTP port on
      // 127.0.0.2 blocks 0.0.0.0 on that port, not our 127.0.0.1 (no traffic is sent there).
      const other = echoServer();
      await listenOn(other, ports.smtp, '127.0.0.2');

      const rebinding = listeners.rebind('0.0.0.0');

      await expect(rebinding).rejects.toThrow(RebindError);
      await expect(rebinding).rejects.toThrow(/Another program already uses one of the ports/);
      expect(listeners.host).toBe(LOOPBACK);
      expect(addressOf(http)).toMatchObject({ address: LOOPBACK, port: ports.http });
      expect(addressOf(smtp)).toMatchObject({ address: LOOPBACK, port: ports.smtp });
      expect(await roundTrip(await connect(ports.http), 'http back')).toBe('http back');
    },
  );
});
