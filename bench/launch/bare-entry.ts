import http from 'node:http';

/** The baseline: a bare Node HTTP server, timed from process start to listening. */
const server = http.createServer((_req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ readyMs: performance.now() })}\n`);
  server.close();
});
