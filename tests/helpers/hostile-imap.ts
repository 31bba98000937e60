import net from 'node:net';

/** How the server answers a request for a message's bytes (BODY[] / BODY.PEEK[]<0.N>). */
export type BodyMode =
  /** Its bytes, cut to the requested range as an honest server does. */
  | 'honest'
  /** Its bytes whatever range was asked for: a literal as long as the message. */
  | 'ignore-range'
  /** A literal of 100 bytes, only 10 of which ever come. */
  | 'never-ends';

export interface HostileMessage {
  raw: Buffer;
  /** What RFC822.SIZE says (a lie when it differs from raw.length). */
  claimedSize?: number;
  body?: BodyMode;
  /** Send its header block as a literal of this many bytes (padded), whatever it holds. */
  headerBytes?: number;
}

export interface HostileOptions {
  messages: HostileMessage[];
  /** Close the connection right after answering SELECT/EXAMINE. */
  dropAfterSelect?: boolean;
  /** Answer UID SEARCH with a line of this many bytes that never ends (no CRLF). */
  endlessSearchBytes?: number;
}

/**
 * A scripted IMAP4rev1 server on loopback that speaks just enough for imapflow (greeting,
 * CAPABILITY, LOGIN, LIST, SELECT/EXAMINE, STATUS, UID SEARCH, UID FETCH, NOOP, LOGOUT) and
 * lies where a test tells it to: RFC822.SIZE, literal lengths, a body that never ends, a
 * connection dropped after SELECT. No IDLE: the client polls. Every UID is its message's
 * index + 1; every message arrived now (INTERNALDATE), so a source with since_hours 24 takes
 * them all.
 */
export class HostileImap {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Connections accepted, and SELECTs answered, so far. */
  connections = 0;
  selects = 0;
  /** The most header blocks one FETCH command was answered with. */
  maxHeadersPerFetch = 0;
  /** Bytes written into message literals, all connections together. */
  literalBytes = 0;
  port = 0;

  constructor(readonly options: HostileOptions) {}

  async start(): Promise<this> {
    const server = net.createServer((socket) => this.serve(socket));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private serve(socket: net.Socket): void {
    this.connections++;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] hostile ready\r\n');
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n'); end !== -1; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        this.answer(socket, line);
      }
    });
  }

  private answer(socket: net.Socket, line: string): void {
    const [tag = '*', verb = '', ...rest] = line.split(' ');
    const command = verb.toUpperCase();
    const args = rest.join(' ');
    const ok = (text = 'done') => socket.write(`${tag} OK ${text}\r\n`);
    const count = this.options.messages.length;
    switch (command) {
      case 'CAPABILITY':
        socket.write('* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n');
        return void ok();
      case 'LOGIN':
        return void ok('[CAPABILITY IMAP4rev1] logged in');
      case 'LIST':
        if (args.includes('""') && !args.toUpperCase().includes('INBOX')) {
          socket.write('* LIST (\\Noselect) "/" ""\r\n');
        } else {
          socket.write('* LIST (\\HasNoChildren) "/" INBOX\r\n');
        }
        return void ok();
      case 'SELECT':
      case 'EXAMINE':
        this.selects++;
        socket.write(
          `* FLAGS (\\Seen \\Deleted)\r\n* ${count} EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n` +
            `* OK [UIDNEXT ${count + 1}] ok\r\n`,
        );
        ok(`[${command === 'SELECT' ? 'READ-WRITE' : 'READ-ONLY'}] selected`);
        if (this.options.dropAfterSelect) socket.destroy();
        return;
      case 'STATUS':
        socket.write(`* STATUS INBOX (UIDNEXT ${count + 1} MESSAGES ${count})\r\n`);
        return void ok();
      case 'UID':
        return this.uidCommand(socket, tag, rest);
      case 'LOGOUT':
        socket.write('* BYE bye\r\n');
        ok();
        return void socket.end();
      default:
        // NOOP, CHECK, ENABLE, ID, ...: nothing to say.
        return void ok();
    }
  }

  private uidCommand(socket: net.Socket, tag: string, rest: string[]): void {
    const [sub = '', set = '', ...items] = rest;
    const uids = this.uidsIn(sub.toUpperCase() === 'SEARCH' ? (rest[2] ?? '1:*') : set);
    if (sub.toUpperCase() === 'SEARCH') {
      // `UID SEARCH UID n:*` or `UID SEARCH SINCE date`: every message from n (all for SINCE).
      const all = rest[1]?.toUpperCase() === 'UID' ? uids : this.uidsIn('1:*');
      const endless = this.options.endlessSearchBytes;
      if (endless) {
        socket.write('* SEARCH');
        const piece = Buffer.alloc(1024 * 1024, ' 1');
        for (let sent = 0; sent < endless && !socket.destroyed; sent += piece.length) {
          socket.write(piece);
        }
        return;
      }
      socket.write(`* SEARCH${all.map((u) => ` ${u}`).join('')}\r\n`);
      return void socket.write(`${tag} OK search done\r\n`);
    }
    const wanted = items.join(' ').toUpperCase();
    if (wanted.includes('BODY.PEEK[HEADER]')) {
      this.maxHeadersPerFetch = Math.max(this.maxHeadersPerFetch, uids.length);
    }
    for (const uid of uids) {
      const message = this.options.messages[uid - 1];
      if (!message) continue;
      const head = `* ${uid} FETCH (UID ${uid}`;
      if (wanted.includes('BODY.PEEK[HEADER]')) {
        const end = message.raw.indexOf('\r\n\r\n');
        const block = message.raw.subarray(0, end === -1 ? message.raw.length : end + 4);
        const pad = Math.max(0, (message.headerBytes ?? 0) - block.length);
        const header = pad > 0 ? Buffer.concat([Buffer.alloc(pad, 'a'), block]) : block;
        socket.write(
          `${head} RFC822.SIZE ${message.claimedSize ?? message.raw.length} BODY[HEADER] {${header.length}}\r\n`,
        );
        socket.write(header);
        socket.write(')\r\n');
      } else if (wanted.includes('INTERNALDATE')) {
        socket.write(`${head} INTERNALDATE "${imapDate(new Date())}")\r\n`);
      } else if (wanted.includes('BODY.PEEK[]') || wanted.includes('BODY[]')) {
        if (!this.sendBody(socket, head, message, wanted)) return;
      } else {
        socket.write(`${head})\r\n`);
      }
    }
    socket.write(`${tag} OK fetch done\r\n`);
  }

  /** False when the answer never ends (the command is left unfinished). */
  private sendBody(socket: net.Socket, head: string, message: HostileMessage, wanted: string) {
    const mode = message.body ?? 'honest';
    if (mode === 'never-ends') {
      socket.write(`${head} BODY[] {100}\r\n0123456789`);
      this.literalBytes += 10;
      return false;
    }
    const range = /BODY\.PEEK\[\]<(\d+)\.(\d+)>/.exec(wanted);
    const length =
      mode === 'honest' && range
        ? Math.min(message.raw.length, Number(range[2]))
        : message.raw.length;
    socket.write(`${head} BODY[]${range ? '<0>' : ''} {${length}}\r\n`);
    // Written in pieces, so a client that hangs up stops the flood.
    const piece = 1024 * 1024;
    for (let at = 0; at < length && !socket.destroyed; at += piece) {
      const part = message.raw.subarray(at, Math.min(length, at + piece));
      socket.write(part);
      this.literalBytes += part.length;
    }
    socket.write(')\r\n');
    return true;
  }

  /** The UIDs of a sequence set such as `3:*`, `1,2,5` or `4`, existing ones only. */
  private uidsIn(set: string): number[] {
    const count = this.options.messages.length;
    const out: number[] = [];
    for (const part of set.split(',')) {
      const [a = '', b] = part.split(':');
      const lo = a === '*' ? count : Number(a);
      const hi = b === undefined ? lo : b === '*' ? count : Number(b);
      for (let uid = Math.min(lo, hi); uid <= Math.max(lo, hi) && uid <= count; uid++) {
        if (uid >= 1) out.push(uid);
      }
    }
    // `n:*` with n past the end names the last message, as RFC 3501 says.
    if (out.length === 0 && set.endsWith(':*') && count > 0) out.push(count);
    return [...new Set(out)].sort((x, y) => x - y);
  }
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

function imapDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}
