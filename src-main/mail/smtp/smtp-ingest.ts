import type { Socket } from 'node:net';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import { DEFAULT_CONNECTION_LIMITS, type PerAddressLimit } from '../../net/connection-limits.ts';
import type { Logger } from '../../core/logger.ts';
import type { LeaseService } from '../access/lease-service.ts';
import { ByteBudget } from './byte-budget.ts';
import type { Envelope } from '../store/envelope.ts';
import type { MailDelivery } from './mail-delivery.ts';
import { scanHeaders } from './header-scan.ts';
import { MessageRefused } from '../parse/message-refused.ts';
import { SmtpSessions } from './smtp-sessions.ts';

export const MAX_MESSAGE_BYTES = MAIL_LIMITS.maxMessageBytes;

/** How long an SMTP client may take; a slow or silent one is cut off. */
export interface SmtpTimeouts {
  /** Silence allowed between two reads of a client's bytes (smtp-server's `socketTimeout`). */
  idleMs: number;
  /** A whole connection, however busy: a DATA trickled a byte a minute still ends. */
  sessionMs: number;
  /** How long a stop waits for sessions in progress before a 421 (`closeTimeout`). */
  closeMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  idleMs: 60_000,
  sessionMs: 10 * 60_000,
  closeMs: 1_000,
};

export interface SmtpIngestDeps {
  /** May mail for this lower-case address be accepted now (an unexpired lease)? */
  leases: Pick<LeaseService, 'isReceiving'>;
  /**
   * The next stage: commits the raw message (parsing follows later); the 250 is sent only
   * after `accept` resolves.
   */
  delivery: Pick<MailDelivery, 'accept'>;
  logger: Logger;
  /** PEM key and certificate: STARTTLS is offered only when both are given. */
  tls?: { key: Buffer; cert: Buffer } | null;
  /** Open connections at once; more are refused with 421. */
  maxClients?: number;
  timeouts?: SmtpTimeouts;
  /**
   * Sessions one client (all of loopback is one) may hold at once; past it the longest-idle one
   * is closed with 421, or the new one refused with 421 when all are receiving (smtp-sessions.ts).
   */
  perAddress?: PerAddressLimit;
  /**
   * Raw bytes of all messages being received and stored at once (MAIL_LIMITS.smtpInFlightBytes);
   * a message that would pass it gets 452 4.3.1 and the sender retries later.
   */
  maxInFlightBytes?: number;
}

/**
 * An error smtp-server turns into a reply with this code (its convention). With
 * ENHANCEDSTATUSCODES advertised, smtp-server puts the enhanced code for `responseCode` in
 * front of every reply after the greeting, so one written in `message` is dropped here rather
 * than sent twice (onConnect's refusal gets none added, and keeps its own).
 */
function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message.replace(/^\d\.\d{1,3}\.\d{1,3} /, '')), {
    responseCode,
  });
}

/**
 * The embedded SMTP server. RCPT is accepted only for unexpired leased addresses (550 5.1.1
 * otherwise, so it is never a relay), messages over 10 MiB get 552, as do messages the parser
 * would refuse (a header block over 1 MiB: header-scan.ts), and the 250 after DATA is sent
 * only once the raw message is committed; parsing into each recipient's mail follows.
 */
export function createSmtpServer(deps: SmtpIngestDeps): SMTPServer {
  const timeouts = deps.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
  const sessions = new SmtpSessions(
    deps.perAddress ?? DEFAULT_CONNECTION_LIMITS.smtp,
    () => server,
  );
  const inFlight = new ByteBudget(deps.maxInFlightBytes ?? MAIL_LIMITS.smtpInFlightBytes);
  const server = new SMTPServer({
    name: 'ephemera',
    banner: 'Ephemera temporary mail',
    authOptional: true,
    disabledCommands: deps.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(deps.tls ? { key: deps.tls.key, cert: deps.tls.cert } : {}),
    // The replies carry RFC 3463 codes (smtp-server adds them once this is advertised).
    hideENHANCEDSTATUSCODES: false,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxRecipients: MAIL_LIMITS.maxRecipients,
    maxClients: deps.maxClients ?? 500,
    socketTimeout: timeouts.idleMs,
    closeTimeout: timeouts.closeMs,
    logger: false,
    // Hostnames are not used, and a PTR lookup per connection costs time and DNS traffic.
    disableReverseLookup: true,
    onConnect(session: SMTPServerSession, callback) {
      if (!sessions.admit(session)) {
        const refusal = new Error('4.7.0 Too many connections from your address');
        return callback(Object.assign(refusal, { responseCode: 421 }));
      }
      return callback();
    },
    onClose(session: SMTPServerSession) {
      sessions.closed(session);
    },
    onMailFrom(_address: SMTPServerAddress, session: SMTPServerSession, callback) {
      sessions.touch(session);
      callback();
    },
    onRcptTo(address: SMTPServerAddress, session: SMTPServerSession, callback) {
      sessions.touch(session);
      try {
        if (deps.leases.isReceiving(address.address.toLowerCase())) return callback();
      } catch (err) {
        deps.logger.error('recipient check failed', err);
        return callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
      }
      return callback(smtpError(550, '5.1.1 No such mailbox here'));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, done) {
      sessions.receiving(session, true);
      const callback = (err: Error | null, message?: string): void => {
        sessions.receiving(session, false);
        done(err, message);
      };
      const chunks: Buffer[] = [];
      let bytes = 0;
      // What this message holds of the shared budget, from its first byte until it is stored,
      // refused or abandoned; past the budget it is only counted and then deferred (452).
      let held = 0;
      let deferred = false;
      let ended = false;
      const release = (): void => {
        inFlight.release(held);
        held = 0;
      };
      stream.on('data', (chunk: Buffer) => {
        // Past the size limit the rest is only counted (and refused), never held in memory.
        bytes += chunk.length;
        if (deferred || bytes > MAX_MESSAGE_BYTES) return;
        if (!inFlight.reserve(chunk.length)) {
          deferred = true;
          chunks.length = 0;
          release();
          return;
        }
        held += chunk.length;
        chunks.push(chunk);
      });
      // A client that disconnects mid-message: the stream closes without 'end'.
      stream.once('close', () => {
        if (!ended) release();
      });
      stream.once('end', () => {
        ended = true;
        if (stream.sizeExceeded) {
          release();
          return callback(smtpError(552, '5.3.4 Message exceeds the 10 MiB size limit'));
        }
        if (deferred) {
          return callback(smtpError(452, '4.3.1 Too much mail arriving at once, try again later'));
        }
        const raw = Buffer.concat(chunks, bytes);
        const refused = scanHeaders(raw);
        if (refused) {
          release();
          return callback(smtpError(552, refused.reply));
        }
        deps.delivery.accept(envelopeOf(session), raw).then(
          () => {
            release();
            callback(null, 'OK: message stored');
          },
          (err: unknown) => {
            release();
            if (err instanceof MessageRefused) return callback(smtpError(552, err.reply));
            deps.logger.error('storing a message failed', err);
            callback(smtpError(451, '4.3.0 Could not store the message, try again later'));
          },
        );
      });
    },
  });
  limitSessions(server, timeouts.sessionMs);
  coalesceReplies(server);
  return server;
}

/** Ends every connection `ms` after it opened, whatever it is doing. */
function limitSessions(smtp: SMTPServer, ms: number): void {
  smtp.server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * The replies to one chunk of pipelined commands (MAIL, RCPT, DATA: 250, 250, 354) leave in one
 * write. smtp-server writes each reply on its own, and on loopback each write is a system call
 * that also runs the client's receive path: a third of the event loop's time in a flood.
 */
function coalesceReplies(smtp: SMTPServer): void {
  smtp.server.on('connection', (socket: Socket) => {
    let corked = false;
    const uncork = (): void => {
      corked = false;
      socket.uncork();
    };
    // Ahead of smtp-server's own listener, so the replies it writes for this chunk are held.
    socket.prependListener('data', () => {
      if (corked) return;
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    });
  });
}

function envelopeOf(session: SMTPServerSession): Envelope {
  const mailFrom = session.envelope.mailFrom;
  const recipients = new Set(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
  return {
    from: mailFrom && mailFrom.address ? mailFrom.address : null,
    recipients: [...recipients],
  };
}
