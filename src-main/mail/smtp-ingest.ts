import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';

/** Decides whether a recipient may receive mail. Mailbox leases plug in here. */
export type RecipientCheck = (address: string) => boolean;

export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * The embedded SMTP server. It accepts mail only for addresses `acceptRecipient` allows and is
 * never a relay: every other recipient gets 550 5.1.1.
 */
export function createSmtpServer(acceptRecipient: RecipientCheck): SMTPServer {
  return new SMTPServer({
    name: 'ephemera',
    banner: 'Ephemera temporary mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback) {
      if (acceptRecipient(address.address.toLowerCase())) return callback();
      const err = Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 });
      return callback(err);
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
}
