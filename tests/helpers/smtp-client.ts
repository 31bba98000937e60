import net from 'node:net';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/** nodemailer to 127.0.0.1:port, plain (no TLS) unless options say otherwise. */
export function smtpTransport(port: number, options: SMTPTransport.Options = {}) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    ...options,
  });
}

/** Sends one message through a fresh transport and closes it. */
export async function sendMail(
  port: number,
  message: Mail.Options,
): Promise<SMTPTransport.SentMessageInfo> {
  const transport = smtpTransport(port);
  try {
    return await transport.sendMail({ from: 'sender@example.org', ...message });
  } finally {
    transport.close();
  }
}

/**
 * A hand-driven SMTP session over one socket, for what a well-behaved client library will not
 * do: pipelined commands, raw 8-bit headers, malformed MIME. Replies are read line by line.
 */
export class RawSmtp {
  private buffer = '';
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  /** The server's first reply: 220, or a refusal such as 421. */
  greeting = '';
  /** Resolves when the connection is closed (by either side). */
  readonly closed: Promise<void>;
  private constructor(private readonly socket: net.Socket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (data: Buffer) => {
      this.buffer += data.toString('latin1');
      let at: number;
      while ((at = this.buffer.indexOf('\r\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, at));
        this.buffer = this.buffer.slice(at + 2);
      }
      this.waiter?.();
    });
  }

  /** `localAddress`: another loopback address to connect from (127.0.0.2, …). */
  static async connect(port: number, localAddress?: string): Promise<RawSmtp> {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const session = new RawSmtp(socket);
    session.greeting = (await session.replies(1))[0] ?? '';
    return session;
  }

  /** Writes bytes as they are (no line ending added). */
  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** The next `count` complete replies (multi-line replies count once), e.g. "250 OK". */
  async replies(count: number): Promise<string[]> {
    const out: string[] = [];
    while (out.length < count) {
      const line = this.lines.shift();
      if (line === undefined) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no SMTP reply; got ${out.join(' | ')}`)),
            10_000,
          );
          this.waiter = () => {
            clearTimeout(timer);
            this.waiter = null;
            resolve();
          };
        });
        continue;
      }
      if (/^\d{3}-/.test(line)) continue; // continuation of a multi-line reply
      out.push(line);
    }
    return out;
  }

  /** Sends a command line and returns its reply. */
  async command(line: string): Promise<string> {
    this.write(`${line}\r\n`);
    return (await this.replies(1))[0] ?? '';
  }

  close(): void {
    this.socket.destroy();
  }
}
