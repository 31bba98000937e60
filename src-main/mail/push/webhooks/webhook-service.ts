import {
  WEBHOOK_LIMITS,
  type CreatedWebhook,
  type WebhookAttempt,
  type WebhookCreate,
  type WebhookDeliveries,
  type WebhookView,
} from '../../../../src-shared/api/webhooks.ts';
import type { Mail } from '../../../../src-shared/mail/schemas.ts';
import { AppError } from '../../../core/app-error.ts';
import type { Clock } from '../../../core/clock.ts';
import type { Logger } from '../../../core/logger.ts';
import { mailReceivedEvent, testEvent } from './webhook-event.ts';
import { newMessageId, newSecret } from './webhook-signer.ts';
import type { AttemptRecord, AttemptRow, EndpointRow, WebhookStore } from './webhook-store.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import type { WebhookWorker } from './webhook-worker.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** Why an event is not queued, in the log (a mail's) and in the 409 (a test's). */
const QUEUE_FULL = `${WEBHOOK_LIMITS.maxPendingPerEndpoint.toLocaleString('en-US')} events are waiting already; new events are dropped until some are delivered or given up.`;

function view(row: EndpointRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    created_at: iso(row.created_at),
  };
}

function attemptView(row: AttemptRow): WebhookAttempt {
  return {
    event_id: row.message_id,
    type: row.type,
    attempted_at: iso(row.attempted_at),
    status_code: row.status_code,
    error: row.error,
    duration_ms: row.duration_ms,
    event_state: row.state,
    next_attempt_at: row.state === 'pending' && row.next_at !== null ? iso(row.next_at) : null,
  };
}

/**
 * The webhook use cases, for REST and IPC alike, and the outbox's way in: `recordMails` runs in
 * the transaction that stores new mail (mail/parse/parse-queue.ts), `mailsCommitted` after it.
 */
export class WebhookService {
  /** Endpoints that exist (listening()); null: read it again. */
  private endpointCount: number | null = null;

  constructor(
    private readonly store: WebhookStore,
    private readonly worker: WebhookWorker,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  create(request: WebhookCreate): CreatedWebhook {
    const url = checkWebhookUrl(request.url);
    const description = request.description?.trim() || null;
    if (this.store.countEndpoints() >= WEBHOOK_LIMITS.maxEndpoints) {
      throw new AppError(
        'WEBHOOK_LIMIT',
        `There are ${WEBHOOK_LIMITS.maxEndpoints} webhooks already; delete one first.`,
      );
    }
    const row = this.store.createEndpoint(url, description, newSecret(), this.clock.now());
    this.endpointCount = null;
    return { ...view(row), secret: row.secret };
  }

  list(): WebhookView[] {
    return this.store.endpoints().map(view);
  }

  delete(id: number): void {
    this.endpointCount = null;
    if (!this.store.deleteEndpoint(id)) throw notFound(id);
  }

  deliveries(id: number): WebhookDeliveries {
    if (!this.store.endpoint(id)) throw notFound(id);
    return {
      pending: this.store.pendingCount(id),
      attempts: this.store
        .attempts(id, WEBHOOK_LIMITS.listedAttempts)
        .map((row) => attemptView(row)),
    };
  }

  /**
   * Queues a `webhook.test` event for one endpoint and answers its first try (retried like any
   * event if it fails). Waits at most the try's own timeout and a little more.
   */
  async test(id: number): Promise<WebhookAttempt> {
    if (!this.store.endpoint(id)) throw notFound(id);
    // The cap that drops a mail's event holds for a test event too: no way around it.
    if (this.store.pendingCount(id) >= WEBHOOK_LIMITS.maxPendingPerEndpoint) {
      throw new AppError('WEBHOOK_QUEUE_FULL', `Webhook ${id}: ${QUEUE_FULL}`);
    }
    const now = this.clock.now();
    const messageId = newMessageId();
    const event = testEvent(id, now);
    const eventId = this.store.enqueueOne(
      id,
      { type: event.type, payload: JSON.stringify(event) },
      now,
      messageId,
    );
    const first = this.worker.firstAttempt(eventId, WEBHOOK_LIMITS.timeoutMs + 5_000);
    this.worker.kick();
    const record = await first;
    if (!record) {
      // Behind another try of this endpoint for longer than the wait: report it as queued.
      return {
        event_id: messageId,
        type: event.type,
        attempted_at: iso(now),
        status_code: null,
        error: 'Not tried yet: another event for this webhook is being tried.',
        duration_ms: 0,
        event_state: 'pending',
        next_attempt_at: iso(now),
      };
    }
    return attemptView(toRow(record, messageId, event.type));
  }

  /** Writes a `mail.received` event per endpoint; call inside the mails' own transaction. */
  recordMails(mails: readonly Mail[]): void {
    // No endpoint: no event to build (a JSON payload per mail, a savepoint per batch).
    if (!this.listening()) return;
    const now = this.clock.now();
    const events = mails.map((mail) => {
      const event = mailReceivedEvent(mail, now);
      return { type: event.type, payload: JSON.stringify(event) };
    });
    const dropped = this.store.enqueueForAll(events, now, newMessageId);
    if (dropped > 0) {
      this.logger.warn(`${dropped} webhook event(s) dropped: ${QUEUE_FULL}`);
    }
  }

  /**
   * Is any webhook set up (new mail is then waited for, and parsed at once)? Asked for every
   * mailbox of every commit, so the count is kept until create() or delete() changes it.
   */
  listening(): boolean {
    this.endpointCount ??= this.store.countEndpoints();
    return this.endpointCount > 0;
  }

  /** The mails' transaction committed: try their events now. */
  mailsCommitted(): void {
    this.worker.kick();
  }
}

function toRow(record: AttemptRecord, messageId: string, type: string): AttemptRow {
  return {
    message_id: messageId,
    type,
    attempted_at: record.attemptedAt,
    status_code: record.statusCode,
    error: record.error,
    duration_ms: record.durationMs,
    state: record.state,
    next_at: record.nextAt,
  };
}

function notFound(id: number): AppError {
  return new AppError('WEBHOOK_NOT_FOUND', `There is no webhook ${id}.`);
}
