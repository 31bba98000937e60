import net from 'node:net';

/** A minimal SMTP client session for the bench workers: write commands, read reply lines. */
export class SmtpSession {
  private buffer = '';
  private readonly pending: ((line: string) => void)[] = [];
  private readonly lines: string[] = [];

  private constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => {
      this.buffer += data.toString('latin1');
      let at: number;
      while ((at = this.buffer.indexOf('\r\n')) >= 0) {
        const line = this.buffer.slice(0, at);
        this.buffer = this.buffer.slice(at + 2);
        if (/^\d{3}-/.test(line)) continue; // multi-line reply: keep the last line
        const waiter = this.pending.shift();
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
  }

  /** Connects and says EHLO. */
  static async open(port: number): Promise<SmtpSession> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const session = new SmtpSession(socket);
    await session.expect('220');
    session.write('EHLO bench\r\n');
    await session.expect('250');
    return session;
  }

  reply(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve) => this.pending.push(resolve));
  }

  async expect(code: string): Promise<void> {
    const line = await this.reply();
    if (!line.startsWith(code)) throw new Error(`expected ${code}, got "${line}"`);
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** MAIL, RCPT and DATA pipelined (the server advertises PIPELINING); resolves at the 354. */
  async begin(from: string, to: string): Promise<void> {
    this.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    await this.expect('250');
    await this.expect('250');
    await this.expect('354');
  }

  close(): void {
    this.write('QUIT\r\n');
    this.socket.end();
  }
}
