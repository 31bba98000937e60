import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SMTPServer } from 'smtp-server';
import { createLogger } from '../../../src-main/core/logger.ts';
import { createSmtpServer } from '../../../src-main/mail/smtp/smtp-ingest.ts';

/** The socket writes the server made, each as the number of replies it carried. */
type Writes = number[];

function countWrites(server: SMTPServer, writes: Writes): void {
  server.server.on('connection', (socket: net.Socket) => {
    const raw = socket as unknown as {
      _write: (chunk: unknown, encoding: string, cb: () => void) => void;
      _writev: (chunks: unknown[], cb: () => void) => void;
    };
    const write = raw._write.bind(socket);
    const writev = raw._writev.bind(socket);
    raw._write = (chunk, encoding, cb) => {
      writes.push(1);
      write(chunk, encoding, cb);
    };
    raw._writev = (chunks, cb) => {
      writes.push(chunks.length);
      writev(chunks, cb);
    };
  });
}

/** Resolves with the next chunk the socket receives. */
const nextData = (socket: net.Socket): Promise<string> =>
  new Promise((resolve) => socket.once('data', (d: Buffer) => resolve(d.toString('latin1'))));

describe('SMTP replies', () => {
  let server: SMTPServer | null = null;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  it('to pipelined MAIL, RCPT and DATA leave in one write', async () => {
    server = createSmtpServer({
      leases: { isReceiving: (email) => email === 'box@t.test' },
      delivery: { accept: () => Promise.resolve(0) },
      logger: createLogger('test', true),
    });
    const writes: Writes = [];
    countWrites(server, writes);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    try {
      expect(await nextData(socket)).toMatch(/^220 /);
      socket.write('EHLO client\r\n');
      expect(await nextData(socket)).toMatch(/^250-/);
      writes.length = 0;
      socket.write('MAIL FROM:<a@example.org>\r\nRCPT TO:<box@t.test>\r\nDATA\r\n');
      let replies = '';
      while (!replies.includes('354 ')) replies += await nextData(socket);
      expect(replies).toMatch(/^250 2\.1\.0 .*\r\n250 2\.1\.5 .*\r\n354 /);
      expect(writes).toEqual([3]);
      socket.write('Subject: hi\r\n\r\nhello\r\n.\r\n');
      expect(await nextData(socket)).toMatch(/^250 /);
      // A refused recipient's reply travels the same way, with the replies around it.
      writes.length = 0;
      socket.write('MAIL FROM:<a@example.org>\r\nRCPT TO:<nobody@t.test>\r\nRSET\r\n');
      replies = '';
      while (!replies.includes('2.0.0')) replies += await nextData(socket);
      expect(replies).toMatch(/^250 .*\r\n550 5\.1\.1 .*\r\n250 2\.0\.0 /);
      expect(writes).toEqual([3]);
    } finally {
      socket.destroy();
    }
  });
});
