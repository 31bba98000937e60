import type { SMTPServer, SMTPServerSession } from 'smtp-server';
import { AddressCounter, type PerAddressLimit } from '../../net/connection-limits.ts';

interface SessionState {
  release: () => void;
  /** A message is being received: closing now would lose it. */
  inData: boolean;
  lastActive: number;
}

/** The reply a session gets when it is closed to make room for a new one. */
export const MADE_ROOM_REPLY = '4.7.0 Too many connections from your address, closing an idle one';

/**
 * Sessions per client (all of loopback is one client, net/connection-limits.ts). At the
 * limit, the client's longest-idle session that is not receiving a message is told 421 and
 * closed to let the new one in; only when all of them are inside DATA is the new one refused.
 * So other local accounts that open sessions and sit on them cannot keep the user's own
 * senders out, and a flood from 127.x addresses cannot fill the server-wide limit either.
 */
export class SmtpSessions {
  private readonly counter: AddressCounter;
  private readonly sessions = new Map<string, SessionState>();
  private tick = 0;

  constructor(
    limit: PerAddressLimit,
    private readonly server: () => SMTPServer,
  ) {
    this.counter = new AddressCounter(limit);
  }

  /** Counts a new session; false when its client is at the limit with nothing to close. */
  admit(session: SMTPServerSession): boolean {
    const id = session.id;
    const release = this.counter.acquire(session.remoteAddress, {
      evictable: () => this.sessions.get(id)?.inData === false,
      lastActive: () => this.sessions.get(id)?.lastActive ?? 0,
      evict: () => this.close(id),
    });
    if (!release) return false;
    this.sessions.set(id, { release, inData: false, lastActive: ++this.tick });
    return true;
  }

  /** The session sent a command that moves it on (MAIL, RCPT). */
  touch(session: SMTPServerSession): void {
    const state = this.sessions.get(session.id);
    if (state) state.lastActive = ++this.tick;
  }

  /** DATA began (true) or its message was answered (false). */
  receiving(session: SMTPServerSession, inData: boolean): void {
    const state = this.sessions.get(session.id);
    if (!state) return;
    state.inData = inData;
    state.lastActive = ++this.tick;
  }

  /** The connection closed (smtp-server's onClose, also for sessions refused at connect). */
  closed(session: SMTPServerSession): void {
    this.sessions.get(session.id)?.release();
    this.sessions.delete(session.id);
  }

  private close(id: string): void {
    this.sessions.delete(id);
    for (const connection of this.server().connections) {
      if (connection.id !== id) continue;
      // No context: smtp-server would put its own enhanced code (4.4.2) in front of ours.
      connection.send(421, MADE_ROOM_REPLY, false);
      connection.close();
      return;
    }
  }
}
