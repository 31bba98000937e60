import { performance } from 'node:perf_hooks';
import type { Clock } from '../../../core/clock.ts';
import type { Logger } from '../../../core/logger.ts';
import { nextTryAt } from './webhook-backoff.ts';
import type { WebhookPost } from './webhook-sender.ts';
import { signatureHeaders } from './webhook-signer.ts';
import type { AttemptRecord, DueEvent, WebhookStore } from './webhook-store.ts';

/** The longest the worker sleeps before looking at the outbox again (clock changes, safety). */
const MAX_SLEEP_MS = 60_000;

/**
 * Delivers the outbox: for each endpoint, its due event, one at a time (so a dead endpoint
 * waiting out its timeouts never holds another's events back, and one endpoint sees its events
 * in order while they succeed). Every try is recorded with its outcome and the event's next
 * try (webhook-backoff.ts). It runs on its own: mail ingest only writes the outbox rows and
 * kicks it, never waits for it.
 */
export class WebhookWorker {
  /** Endpoint id → the event being tried for it. */
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly waiters = new Map<number, (record: AttemptRecord | null) => void>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  /** Aborts the tries in flight when the app stops. */
  private aborter = new AbortController();

  constructor(
    private readonly store: WebhookStore,
    private readonly post: WebhookPost,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Starts on whatever is pending (a previous run's events included). */
  start(): void {
    this.stopped = false;
    this.aborter = new AbortController();
    this.kick();
  }

  /**
   * Stops at once: tries in flight are cut and not recorded, so their events stay as they were
   * and are tried first at the next start (a receiver that hangs never delays quitting).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.aborter.abort();
    for (const waiter of [...this.waiters.values()]) waiter(null);
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Looks for due events now (new mail, a test event, a moved clock). */
  kick(): void {
    if (this.stopped) return;
    try {
      for (const endpointId of this.store.endpointIds()) {
        if (this.inFlight.has(endpointId)) continue;
        const event = this.store.due(endpointId, this.clock.now());
        if (event) this.begin(event);
      }
    } catch (err) {
      this.logger.error('reading the webhook outbox failed; trying again shortly', err);
    }
    this.arm();
  }

  /** Resolves once nothing is in flight (tests: after a kick, every due try is done). */
  async idle(): Promise<void> {
    for (let rounds = 0; rounds < 10_000 && this.inFlight.size > 0; rounds++) {
      await Promise.allSettled([...this.inFlight.values()]);
    }
  }

  /** Resolves with the first try of event `eventId` (the test event); register before kick. */
  firstAttempt(eventId: number, maxMs: number): Promise<AttemptRecord | null> {
    return new Promise((resolve) => {
      const done = (record: AttemptRecord | null) => {
        clearTimeout(timer);
        this.waiters.delete(eventId);
        resolve(record);
      };
      const timer = setTimeout(() => done(null), maxMs);
      this.waiters.set(eventId, done);
    });
  }

  private begin(event: DueEvent): void {
    const run = this.attempt(event)
      .catch((err: unknown) => this.logger.error(`webhook try of ${event.message_id} failed`, err))
      .finally(() => {
        this.inFlight.delete(event.endpoint_id);
        this.kick();
      });
    this.inFlight.set(event.endpoint_id, run);
  }

  private async attempt(event: DueEvent): Promise<void> {
    const headers = signatureHeaders(
      event.secret,
      event.message_id,
      Math.floor(this.clock.now() / 1000),
      event.payload,
    );
    const started = performance.now();
    const outcome = await this.post({
      url: event.url,
      headers,
      body: event.payload,
      signal: this.aborter.signal,
    });
    if (this.stopped) return;
    const now = this.clock.now();
    const tries = event.tries + 1;
    const nextAt = outcome.error === null ? null : nextTryAt(event.created_at, tries, now);
    const record: AttemptRecord = {
      eventId: event.id,
      endpointId: event.endpoint_id,
      attemptedAt: now,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: Math.round(performance.now() - started),
      state: outcome.error === null ? 'delivered' : nextAt === null ? 'failed' : 'pending',
      nextAt,
    };
    try {
      this.store.recordAttempt(record);
    } catch (err) {
      // The endpoint was deleted during the try (its rows are gone), or the database failed:
      // the event stays as it was and is tried again if it still exists.
      this.logger.warn(`recording a webhook try failed: ${(err as Error).message}`);
    }
    if (record.state === 'failed') {
      this.logger.warn(`webhook event ${event.message_id} given up after ${tries} tries`);
    }
    this.waiters.get(event.id)?.(record);
  }

  /** Sleeps until the next event is due (at most MAX_SLEEP_MS); no timer when none waits. */
  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    let next: number | null;
    try {
      next = this.store.nextDueAt();
    } catch {
      next = this.clock.now() + MAX_SLEEP_MS;
    }
    if (next === null) return;
    const wait = Math.min(Math.max(next - this.clock.now(), 0), MAX_SLEEP_MS);
    // Events due now whose endpoint is busy are picked up when its try ends (begin → kick).
    if (wait === 0 && this.inFlight.size > 0) return;
    this.timer = setTimeout(() => this.kick(), Math.max(wait, 50));
    this.timer.unref();
  }
}
