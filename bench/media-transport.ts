import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Agent, buildConnector } from 'undici';
import { GuardProxy } from '../src-main/video/outbound/guard-proxy.ts';
import { OutboundClient } from '../src-main/video/outbound/outbound-client.ts';
import { impitPageTransport } from '../src-main/video/outbound/page-transport.ts';
import { dispatcherTransport } from '../src-main/video/outbound/transport.ts';
import { TEST_CERT_FILE } from '../tests/helpers/tls-hello-server.ts';
import { mbPerSecond, MiB } from './lib/bench-bytes.ts';
import { processCpuMs } from './lib/cpu.ts';
import { fmt, median, pairedResult, type BenchResult } from './lib/result.ts';
import { runIfMain } from './lib/standalone.ts';
import { readyDispatcher } from '../src-main/video/outbound/dispatcher.ts';

// impit trusts the loopback server's certificate through SSL_CERT_FILE (Linux), undici through `ca`.
process.env.SSL_CERT_FILE = TEST_CERT_FILE;

const SIZE = 64 * MiB;
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
const URL_ = 'https://v16-webapp-prime.tiktok.com/video/tos/bench/';

interface Round {
  mbps: number;
  cpuMs: number;
}

/** Starts lib/tls-media-server.ts in its own process; resolves with its port and a stop. */
async function startServer(): Promise<{ port: number; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL('lib/tls-media-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(SIZE)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const port = Number(line.toString().trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`server said ${line.toString()}`);
  return {
    port,
    async stop() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

function connectTo(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Media bytes through the two transports the outbound client has, over TLS from one loopback
 * server in another process (HTTP/2 for impit, HTTP/1.1 for undici, as each negotiates): undici,
 * which media uses, against impit as the page transport sends (through the guard proxy). Whole
 * OutboundClient requests, the body read to the end; CPU is this process's (the client's).
 * Undici stays the media path while it is at least as fast and cheaper in CPU.
 */
export async function benchMediaTransport(): Promise<BenchResult[]> {
  const server = await startServer();
  const connector = buildConnector({ ca: fs.readFileSync(TEST_CERT_FILE) });
  const agent = new Agent({
    connect: (options, callback) =>
      connector(
        {
          ...options,
          hostname: '127.0.0.1',
          port: String(server.port),
          servername: options.hostname,
        },
        callback,
      ),
  });
  const guard = new GuardProxy({ connect: () => connectTo(server.port) });
  const pages = impitPageTransport({
    proxy: null,
    guard,
    plain: dispatcherTransport(readyDispatcher(agent)),
    env: {},
  });
  const http = new OutboundClient(readyDispatcher(agent), pages).scoped({
    allowHost: (host) => host.endsWith('.tiktok.com'),
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/151.0.0.0',
  });
  const copy = async (purpose: 'page' | 'media'): Promise<Round> => {
    const cpu = processCpuMs();
    const start = performance.now();
    const res = await http.fetch({ url: URL_, purpose, headers: { accept: '*/*' } });
    let received = 0;
    for await (const chunk of res.body) received += (chunk as Buffer).length;
    if (received !== SIZE) throw new Error(`${purpose}: ${received} of ${SIZE} bytes`);
    return { mbps: mbPerSecond(received, performance.now() - start), cpuMs: processCpuMs() - cpu };
  };
  const undici: Round[] = [];
  const impit: Round[] = [];
  try {
    for (let round = 0; round < WARMUP_ROUNDS; round++) {
      await copy('media');
      await copy('page');
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate who goes first, so drift within a round favours neither.
      if (round % 2 === 0) {
        undici.push(await copy('media'));
        impit.push(await copy('page'));
      } else {
        impit.push(await copy('page'));
        undici.push(await copy('media'));
      }
    }
  } finally {
    await pages.close();
    await agent.close();
    await guard.close();
    await server.stop();
  }
  return [
    pairedResult(
      'media 64 MiB over TLS: undici vs impit, throughput',
      'MB/s',
      undici.map((r) => r.mbps),
      impit.map((r) => r.mbps),
      0.9,
      'ratio = undici / impit',
    ),
    // Bytes per CPU second, so that "higher is better" holds as for throughput.
    pairedResult(
      'media 64 MiB over TLS: undici vs impit, client CPU',
      'MB/CPU-s',
      undici.map((r) => SIZE / MiB / (r.cpuMs / 1000)),
      impit.map((r) => SIZE / MiB / (r.cpuMs / 1000)),
      1,
      `CPU per copy: undici ${fmt(median(undici.map((r) => r.cpuMs)), 0)} ms, impit ${fmt(median(impit.map((r) => r.cpuMs)), 0)} ms`,
    ),
  ];
}

runIfMain(import.meta.url, benchMediaTransport);
