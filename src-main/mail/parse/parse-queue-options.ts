import type { LeaseService } from '../access/lease-service.ts';
import type { MailOutbox } from './parsed-mail-writer.ts';

export interface ParseQueueOptions {
  /** Raw messages read per backlog batch, and at most this many bytes of them (at least one). */
  batchSize: number;
  batchBytes: number;
  /** Messages someone waits for, parsed and stored together at most this many at a time. */
  urgentBatch: number;
  /** Tries per message before it is stored unparsed (its raw text as the body). */
  attempts: number;
  /** Pause before a batch whose commit failed is tried again. */
  retryMs: number;
  /**
   * While SMTP commits keep coming (`busyCommits` within `quietMs`), the backlog waits for a gap, so a
   * burst is acknowledged at full speed and parsed right after it; but a burst longer than
   * `maxDeferMs` gets parsing alongside (on `busyLanes` workers) until its first gap, so a flood
   * cannot hold mail back for longer than that. Mail someone waits for never waits for a gap.
   */
  quietMs: number;
  /** Commits within `quietMs` that count as a burst (SmtpActivityOptions.busyCommits). */
  busyCommits: number;
  maxDeferMs: number;
  /**
   * Parse workers a backlog batch may use while SMTP is still busy. Parsing costs more CPU than
   * receiving, so on a small machine every worker parsing during a flood takes the cores SMTP
   * needs (bench/mail-ingest.ts).
   */
  busyLanes: number;
}

export const DEFAULT_PARSE_QUEUE: ParseQueueOptions = {
  batchSize: 256,
  batchBytes: 16 * 1024 * 1024,
  urgentBatch: 32,
  attempts: 2,
  retryMs: 1_000,
  quietMs: 300,
  busyCommits: 8,
  maxDeferMs: 2000,
  busyLanes: 2,
};

export interface ParseQueueDeps {
  options?: ParseQueueOptions;
  /**
   * The webhook outbox (WebhookService): told of every stored mail. While it is listening,
   * every mailbox counts as watched (parsed at once, ahead of any backlog), as one with a
   * WebSocket or long poll on the live hub does.
   */
  outbox?: MailOutbox;
  /** The mailbox a recipient address delivers to (the mailbox itself without leases). */
  leases?: Pick<LeaseService, 'mailboxFor'>;
}
