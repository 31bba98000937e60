import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FileServer {
  origin: string;
  close(): Promise<void>;
}

const RANGE = /^bytes=(\d+)-(\d*)$/;

/**
 * The serving baseline: the least a Node server does to serve one file with single Range
 * support, fs.createReadStream piped into the response. The size is read once at start, so the
 * baseline pays no per-request stat, ETag or header work.
 */
export async function startFileServer(file: string): Promise<FileServer> {
  const size = fs.statSync(file).size;
  const server = http.createServer((req, res) => {
    const m = RANGE.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (m && start > end) {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': end - start + 1,
    };
    if (m) headers['content-range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(m ? 206 : 200, headers);
    const stream = fs.createReadStream(file, { start, end });
    stream.pipe(res);
    res.once('close', () => stream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
