import type { MailDeleted, MailReadAll, MailReadState } from '../../../src-shared/mail/schemas.ts';
import { AppError } from '../../core/app-error.ts';
import type { LeaseService } from '../access/lease-service.ts';
import type { MailStore } from '../store/mail-store.ts';

/**
 * What a reader does to the mail of one mailbox: delete one, empty the mailbox, mark read or
 * unread. The mailbox must be recorded (as for reading), and an id of another mailbox is the
 * same 404 as a missing one.
 */
export class MailControl {
  constructor(
    private readonly leases: LeaseService,
    private readonly store: MailStore,
  ) {}

  /** DELETE /api/emails/{email}/{id}. */
  deleteOne(rawEmail: string, id: number): MailDeleted {
    const { email } = this.leases.requireRecorded(rawEmail);
    if (!this.store.deleteOne(email, id)) throw notFound(id);
    return { deleted: 1 };
  }

  /** DELETE /api/emails/{email}: every mail of the mailbox (the lease stays). */
  empty(rawEmail: string): MailDeleted {
    const { email } = this.leases.requireRecorded(rawEmail);
    return { deleted: this.store.deleteAll(email) };
  }

  /** POST /api/emails/{email}/{id}/read. */
  setRead(rawEmail: string, id: number, read: boolean): MailReadState {
    const { email } = this.leases.requireRecorded(rawEmail);
    if (!this.store.setRead(email, id, read)) throw notFound(id);
    return { id, read };
  }

  /**
   * POST /api/emails/{email}/read-all: every unread mail of the mailbox read, in one UPDATE (so
   * a mail delivered meanwhile is either marked or still unread, never half). `marked` counts
   * the mails that were unread; a second call answers 0.
   */
  markAllRead(rawEmail: string): MailReadAll {
    const { email } = this.leases.requireRecorded(rawEmail);
    return { marked: this.store.setAllRead(email) };
  }
}

function notFound(id: number): AppError {
  return new AppError('MAIL_NOT_FOUND', `No mail ${id} in this mailbox.`);
}
