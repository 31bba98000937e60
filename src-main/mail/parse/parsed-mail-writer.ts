import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { Mail } from '../../../src-shared/mail/schemas.ts';
import type { Logger } from '../../core/logger.ts';
import { deliveryTargets, type MailboxResolver } from '../access/address.ts';
import type { AnalyzedMessage } from './analyze-message.ts';
import { isUnparsed, type ParseOutcome } from './analyze-batch.ts';
import type { MailStore } from '../store/mail-store.ts';
import type { RawStore, StoredRaw } from '../store/raw-store.ts';

/**
 * Whatever must be written with new mail, in the same transaction (the webhook outbox), and
 * told once it is committed.
 */
export interface MailOutbox {
  /** Runs inside the transaction that stores `mails`; a throw is logged, the mail is kept. */
  recordMails(mails: readonly Mail[]): void;
  mailsCommitted(): void;
  /** Does it want every new mail now (a webhook is set up)? Without this method: always. */
  listening?(): boolean;
}

/**
 * Must the mails of raw message `rawId`, stored in these mailboxes, be handed back (someone
 * listens on one, or waits for that message)?
 */
export type HandBack = (rawId: number, mailboxes: readonly string[]) => boolean;

const ALWAYS: HandBack = () => true;

/**
 * Stores parsed raw messages as mails: every recipient mailbox's copy, the pending mark
 * cleared and the outbox's rows, in one transaction per batch.
 */
export class ParsedMailWriter {
  constructor(
    private readonly raws: RawStore,
    private readonly store: MailStore,
    private readonly mailboxFor: MailboxResolver,
    private readonly logger: Logger,
    private readonly outbox?: MailOutbox,
  ) {}

  /**
   * The mails of each raw message, in order, as listings show them. A message no longer pending
   * (stored meanwhile by the other lane of the parse queue) gets none, and so does one whose
   * mails nobody is handed (`handBack`, and no outbox listening): those are stored without
   * being read back, which under a flood is most mail. Throws when the transaction fails.
   */
  write(
    batch: readonly StoredRaw[],
    analyzed: readonly ParseOutcome[],
    handBack: HandBack = ALWAYS,
  ): Mail[][] {
    const outboxWants = this.outbox ? (this.outbox.listening?.() ?? true) : false;
    const stored = this.raws.transaction(() => {
      const all = batch.map((raw, i) => {
        if (!this.raws.markParsed(raw.id)) return [];
        const mails = copies(raw, analyzed[i] ?? null, this.mailboxFor);
        const mailboxes = mails.map((mail) => mail.email);
        if (outboxWants || handBack(raw.id, mailboxes)) return this.store.insert(mails);
        this.store.insertQuietly(mails);
        return [];
      });
      this.recordOutbox(all.flat());
      return all;
    });
    if (stored.some((mails) => mails.length > 0)) this.outbox?.mailsCommitted();
    return stored;
  }

  /** The outbox's rows for these mails; its failure must not cost the mail (it rolls back alone). */
  private recordOutbox(mails: Mail[]): void {
    if (!this.outbox || mails.length === 0) return;
    try {
      this.outbox.recordMails(mails);
    } catch (err) {
      this.logger.error('writing the webhook events of new mail failed', err);
    }
  }
}

/**
 * One copy per mailbox (`name+tag@d` is delivered to `name@d` unless it is a lease itself,
 * LeaseService.mailboxFor), dated when SMTP received it.
 */
function copies(raw: StoredRaw, outcome: ParseOutcome, mailboxFor: MailboxResolver) {
  const parseError = isUnparsed(outcome) ? outcome.unparsed : outcome ? null : 'not parsed';
  const analyzed = outcome && !isUnparsed(outcome) ? outcome : unparsed(raw);
  const { code, link, htmlCut: _logged, ...parsed } = analyzed;
  return deliveryTargets(raw.envelope.recipients, mailboxFor).map(({ mailbox, recipients }) => ({
    email: mailbox,
    ...parsed,
    to: parsed.to.length > 0 ? parsed.to : recipients,
    receivedAt: raw.receivedAt,
    code,
    link,
    size: raw.raw.length,
    rawId: raw.id,
    parseError,
  }));
}

/**
 * What a message the parser cannot read is stored as: its raw text, nothing else; at most the
 * mail limit of it (only mail stored before issue 36 is larger; GET …/raw has it all).
 */
function unparsed(raw: StoredRaw): AnalyzedMessage {
  return {
    from: raw.envelope.from,
    fromName: null,
    to: [],
    subject: null,
    text: raw.raw.toString('utf8', 0, Math.min(raw.raw.length, MAIL_LIMITS.maxMessageBytes)),
    html: null,
    attachments: [],
    code: null,
    link: null,
    htmlCut: null,
  };
}
