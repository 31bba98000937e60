import { Readable } from 'node:stream';
import { AppError } from '../../core/app-error.ts';
import type { LeaseService } from '../access/lease-service.ts';
import type { AttachmentFile } from '../parse/extract-attachment.ts';
import type { ParsePool } from '../parse/parse-pool.ts';
import type { MailStore } from '../store/mail-store.ts';
import type { RawStore } from '../store/raw-store.ts';

/** Bytes read from SQLite per step of a raw download: memory per request stays at one piece. */
export const RAW_PIECE_BYTES = 512 * 1024;

/**
 * A mail's raw message as received (GET /api/emails/{email}/{id}/raw), and its attachments
 * (…/attachments/{n}), parsed out of the raw message on demand in a parse worker.
 */
export class RawMail {
  constructor(
    private readonly leases: LeaseService,
    private readonly store: MailStore,
    private readonly raws: RawStore,
    /** Parses the raw message again (in a worker) to take one attachment out. */
    private readonly parser: Pick<ParsePool, 'attachment'>,
  ) {}

  /**
   * The raw message as a stream of pieces, its length and the mail's subject (for the file's
   * name); MAIL_NOT_FOUND before any byte.
   */
  raw(rawEmail: string, id: number): { bytes: number; stream: Readable; subject: string | null } {
    const { email } = this.leases.requireRecorded(rawEmail);
    const ref = this.rawRef(email, id);
    return {
      bytes: ref.bytes,
      subject: this.subject(id),
      stream: Readable.from(pieces(this.raws, ref.rawId, ref.bytes), { highWaterMark: 1 }),
    };
  }

  /** Attachment `index` (0-based, as in the mail's `attachments`). */
  async attachment(rawEmail: string, id: number, index: number): Promise<AttachmentFile> {
    const { email } = this.leases.requireRecorded(rawEmail);
    const head = this.store.head(email, id);
    if (!head) throw notFound(id);
    if (index >= head.mail.attachments.length)
      throw new AppError('MAIL_NOT_FOUND', `Mail ${id} has no attachment ${index}.`);
    const ref = this.rawRef(email, id);
    const raw = this.raws.whole(ref.rawId);
    if (!raw) throw notFound(id);
    const file = await this.parser.attachment(raw, index);
    if (!file) throw new AppError('MAIL_NOT_FOUND', `Mail ${id} has no attachment ${index}.`);
    return file;
  }

  /** The start of the mail's subject (enough for a file name), or null when it has none. */
  private subject(id: number): string | null {
    return this.store.piece(id, 'subject', 1, 200)?.toString('utf8') || null;
  }

  /** Where mail `id` of mailbox `email` (already checked as recorded) keeps its raw message. */
  private rawRef(email: string, id: number): { rawId: number; bytes: number } {
    const ref = this.raws.ref(email, id);
    if (ref === undefined) throw notFound(id);
    if (ref === null)
      throw new AppError('MAIL_NOT_FOUND', `Mail ${id} was stored before raw messages were kept.`);
    return ref;
  }
}

function notFound(id: number): AppError {
  return new AppError('MAIL_NOT_FOUND', `No mail ${id} in this mailbox.`);
}

/** Pulled one piece at a time; a raw message deleted mid-answer cuts the connection. */
function* pieces(raws: RawStore, rawId: number, bytes: number): Generator<Buffer> {
  for (let start = 1; start <= bytes; start += RAW_PIECE_BYTES) {
    const piece = raws.slice(rawId, start, RAW_PIECE_BYTES);
    if (piece === null) throw new Error(`raw message ${rawId} was removed while it was being sent`);
    yield piece;
  }
}
