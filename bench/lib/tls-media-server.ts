import { TlsHelloServer } from '../../tests/helpers/tls-hello-server.ts';
import { videoBytes } from './bench-bytes.ts';

/**
 * The media bench's server, run in its own process so that the bench's CPU figures are the
 * client's alone: serves `argv[2]` bytes over TLS (HTTP/2 or HTTP/1.1) on 127.0.0.1 and prints
 * its port. Ends when its parent closes stdin.
 */
const size = Number(process.argv[2]);
const bytes = videoBytes(size);
const server = await new TlsHelloServer().start();
server.handle((_req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(bytes.length) });
  res.end(bytes);
});
process.stdout.write(`${server.port}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.stop().then(() => process.exit(0));
});
