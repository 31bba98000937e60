import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePorts } from './free-ports.ts';
import { makeTempDir, removeTempDir } from './temp-dir.ts';

export const DOVECOT_BIN = '/usr/sbin/dovecot';

/** Is Debian's dovecot-imapd installed (the tests that need it skip otherwise)? */
export const hasDovecot = fs.existsSync(DOVECOT_BIN);

export interface DovecotOptions {
  /** A self-signed certificate (CN and SAN localhost, 127.0.0.1): STARTTLS on `port`, TLS on `tlsPort`. */
  tls?: boolean;
  /** Leave IDLE out of the capabilities (a server clients must poll). */
  noIdle?: boolean;
  /**
   * Also accept OAuth bearer tokens (AUTHENTICATE XOAUTH2 / OAUTHBEARER), each checked by
   * POSTing it to this RFC 7662 introspection URL (tests/helpers/oauth-server.ts) at every login.
   */
  oauth2?: { introspectionUrl: string };
}

/**
 * A real Dovecot IMAP server for one test file, on free loopback ports, from a config written
 * into a temp folder. As root it runs mail as the `dovecot` user (first_valid_uid lets it),
 * with its own base_dir/state_dir and one passwd-file user. `restart()` stops and starts it on
 * the same ports with the same mail.
 */
export class Dovecot {
  readonly user = 'user@test.local';
  readonly password = 'imap-secret';
  /** PEM of the self-signed certificate (the CA a client must be told to trust); null without TLS. */
  ca: string | null = null;
  private child: ChildProcess | null = null;
  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly tlsPort: number,
  ) {}

  static async start(options: DovecotOptions = {}): Promise<Dovecot> {
    const dir = makeTempDir('ephemera-dovecot-');
    fs.chmodSync(dir, 0o755);
    const [port, tlsPort] = (await freePorts(2)) as [number, number];
    const server = new Dovecot(dir, port, tlsPort);
    server.writeConfig(options.tls === true, options.noIdle === true, options.oauth2);
    await server.run();
    return server;
  }

  /** A logged-in imapflow client (the test's way to APPEND and look at flags). */
  async client(): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: this.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: this.user, pass: this.password },
      logger: false,
    });
    await client.connect();
    return client;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // The imap processes serving open connections outlive a stopped master; a real restart
    // drops every client, so they are ended too (found by PID, never by name).
    const serving = child.pid === undefined ? [] : descendants(child.pid);
    child.kill('SIGTERM');
    for (const pid of serving) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await exited;
    // The master's children (imap, imap-login) close their sockets as it goes.
    await waitForClosed(this.port);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.run();
  }

  async close(): Promise<void> {
    await this.stop();
    removeTempDir(this.dir);
  }

  private async run(): Promise<void> {
    const child = spawn(DOVECOT_BIN, ['-F', '-c', path.join(this.dir, 'dovecot.conf')], {
      stdio: 'ignore',
    });
    this.child = child;
    await waitForListening(this.port, child, () => this.log());
  }

  private log(): string {
    try {
      return fs.readFileSync(path.join(this.dir, 'dovecot.log'), 'utf8');
    } catch {
      return '';
    }
  }

  private writeConfig(tls: boolean, noIdle: boolean, oauth2?: DovecotOptions['oauth2']): void {
    const d = this.dir;
    for (const sub of ['run', 'state', 'mail']) fs.mkdirSync(path.join(d, sub));
    execFileSync('chown', ['dovecot:dovecot', path.join(d, 'mail')]);
    fs.writeFileSync(path.join(d, 'users'), `${this.user}:{PLAIN}${this.password}\n`);
    let ssl = 'ssl = no';
    if (tls) {
      const key = path.join(d, 'key.pem');
      const cert = path.join(d, 'cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '2',
          '-keyout',
          key,
          '-out',
          cert,
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      this.ca = fs.readFileSync(cert, 'utf8');
      ssl = `ssl = yes\nssl_cert = <${cert}\nssl_key = <${key}`;
    }
    let oauthPassdb = '';
    if (oauth2) {
      const ext = path.join(d, 'oauth2.conf.ext');
      // Every login asks the server (no tokeninfo, no cache): a revoked token fails at once.
      fs.writeFileSync(
        ext,
        [
          'introspection_mode = post',
          `introspection_url = ${oauth2.introspectionUrl}`,
          'force_introspection = yes',
          'username_attribute = username',
          'active_attribute = active',
          'active_value = true',
          '',
        ].join('\n'),
      );
      oauthPassdb = `passdb {\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  args = ${ext}\n}`;
    }
    const config = `
base_dir = ${d}/run
state_dir = ${d}/state
log_path = ${d}/dovecot.log
protocols = imap
listen = 127.0.0.1
${ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2 oauthbearer' : ''}
auth_failure_delay = 0
${noIdle ? 'imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ UIDPLUS' : ''}
first_valid_uid = 1
mail_location = maildir:${d}/mail/%n
default_internal_user = dovecot
default_login_user = dovecot
${oauthPassdb}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${d}/users
}
userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${d}/mail/%n
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${this.port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tls ? this.tlsPort : 0}
    ssl = yes
  }
}
service anvil {
  chroot =
}
`;
    fs.writeFileSync(path.join(d, 'dovecot.conf'), config);
  }
}

/** Every process below `pid` (Linux /proc), children first. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const task of tasks) {
    let children: string;
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(' ').filter(Boolean).map(Number)) {
      out.push(child, ...descendants(child));
    }
  }
  return out;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForListening(port: number, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`dovecot exited: ${log()}`);
    if (await canConnect(port)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`dovecot did not listen on ${port} within 5 s: ${log()}`);
}

async function waitForClosed(port: number) {
  for (let i = 0; i < 200; i++) {
    if (!(await canConnect(port))) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}
