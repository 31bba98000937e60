import http from 'node:http';
import { Agent, buildConnector } from 'undici';
import { GuardProxy } from '../../src-main/video/outbound/guard-proxy.ts';
import { impitPageTransport } from '../../src-main/video/outbound/page-transport.ts';
import { dispatcherTransport, type Transport } from '../../src-main/video/outbound/transport.ts';
import type { PlatformSim } from '../fixtures/platform-sim/sim-server.ts';
import { TEST_CERT_FILE, TlsHelloServer } from './tls-hello-server.ts';
import { readyDispatcher } from '../../src-main/video/outbound/dispatcher.ts';

/**
 * The platform simulator behind a loopback TLS server that records every ClientHello, with the
 * two transports the app uses pointed at it: impit for pages (through a guard proxy whose
 * tunnels all land on the front) and an undici agent for media (its TLS to the front, trusting
 * the test certificate). impit trusts that certificate through SSL_CERT_FILE, which the caller
 * sets before anything creates an impit client.
 */
export interface TlsSimFront {
  front: TlsHelloServer;
  media: Agent;
  pages: Transport;
  close(): Promise<void>;
}

export async function startTlsSimFront(sim: PlatformSim): Promise<TlsSimFront> {
  process.env.SSL_CERT_FILE = TEST_CERT_FILE;
  const front = await new TlsHelloServer().start();
  // Each request is handed to the simulator with its Host, as a reverse proxy would.
  front.handle((req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !name.startsWith(':')),
    );
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: sim.port,
        method: req.method,
        path: req.url,
        headers: { ...headers, host: req.authority || req.headers.host },
      },
      (answer) => {
        const hopByHop = ['connection', 'keep-alive', 'transfer-encoding'];
        const out = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !hopByHop.includes(name)),
        );
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const guard = new GuardProxy({ connect: () => front.connect() });
  const connector = buildConnector({ ca: front.certificate });
  const media = new Agent({
    connect: (options, callback) =>
      connector(
        {
          ...options,
          hostname: '127.0.0.1',
          port: String(front.port),
          servername: options.hostname,
        },
        callback,
      ),
  });
  const pages = impitPageTransport({
    proxy: null,
    guard,
    plain: dispatcherTransport(readyDispatcher(media)),
    env: {},
  });
  return {
    front,
    media,
    pages,
    async close() {
      await pages.close();
      await media.close();
      await guard.close();
      await front.stop();
    },
  };
}
