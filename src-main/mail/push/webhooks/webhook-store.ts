import { WEBHOOK_LIMITS, type WebhookEventState } from '../../../../src-shared/api/webhooks.ts';
import type { Db } from '../../../db/open-database.ts';

export interface EndpointRow {
  id: number;
  url: string;
  description: string | null;
  secret: string;
  created_at: number;
}

/** A pending event due for a try, with what the try needs from its endpoint. */
export interface DueEvent {
  id: number;
  endpoint_id: number;
  message_id: string;
  payload: string;
  created_at: number;
  tries: number;
  url: string;
  secret: string;
}

/** What one try came to; `next_at` null means the event is finished (delivered or failed). */
export interface AttemptRecord {
  eventId: number;
  endpointId: number;
  attemptedAt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  state: WebhookEventState;
  nextAt: number | null;
}

export interface AttemptRow {
  message_id: string;
  type: string;
  attempted_at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  state: WebhookEventState;
  next_at: number | null;
}

/** A new event for every endpoint: its type, exact JSON body and the `webhook-id` maker. */
export interface NewEvent {
  type: string;
  payload: string;
}

/** SQL for webhook endpoints, the outbox of events and their attempts (migration 006). */
export class WebhookStore {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM webhook_endpoints'),
      insertEndpoint: db.prepare<[string, string | null, string, number]>(
        'INSERT INTO webhook_endpoints (url, description, secret, created_at) VALUES (?, ?, ?, ?)',
      ),
      endpoint: db.prepare<[number], EndpointRow>('SELECT * FROM webhook_endpoints WHERE id = ?'),
      endpoints: db.prepare<[], EndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id'),
      deleteEndpoint: db.prepare<[number]>('DELETE FROM webhook_endpoints WHERE id = ?'),
      targets: db.prepare<[], { id: number; pending: number }>(`
        SELECT e.id AS id, (SELECT count(*) FROM webhook_events v
          WHERE v.endpoint_id = e.id AND v.state = 'pending') AS pending
        FROM webhook_endpoints e`),
      insertEvent: db.prepare<[number, string, string, string, number, number]>(`
        INSERT INTO webhook_events (endpoint_id, message_id, type, payload, created_at, state,
          next_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)`),
      due: db.prepare<[number, number], DueEvent>(`
        SELECT v.id, v.endpoint_id, v.message_id, v.payload, v.created_at, v.tries, e.url,
          e.secret
        FROM webhook_events v JOIN webhook_endpoints e ON e.id = v.endpoint_id
        WHERE v.endpoint_id = ? AND v.state = 'pending' AND v.next_at <= ?
        ORDER BY v.next_at, v.id LIMIT 1`),
      endpointIds: db.prepare<[], { id: number }>('SELECT id FROM webhook_endpoints ORDER BY id'),
      nextDue: db.prepare<[], { at: number | null }>(
        "SELECT min(next_at) AS at FROM webhook_events WHERE state = 'pending'",
      ),
      insertAttempt: db.prepare<[number, number, number, number | null, string | null, number]>(`
        INSERT INTO webhook_attempts (event_id, endpoint_id, attempted_at, status_code, error,
          duration_ms) VALUES (?, ?, ?, ?, ?, ?)`),
      updateEvent: db.prepare<[string, number | null, number]>(
        'UPDATE webhook_events SET state = ?, next_at = ?, tries = tries + 1 WHERE id = ?',
      ),
      pruneAttempts: db.prepare<[number, number, number]>(`
        DELETE FROM webhook_attempts WHERE endpoint_id = ? AND id <= (
          SELECT id FROM webhook_attempts WHERE endpoint_id = ? ORDER BY id DESC
          LIMIT 1 OFFSET ?)`),
      pruneEvents: db.prepare<[number, number]>(`
        DELETE FROM webhook_events WHERE endpoint_id = ? AND state != 'pending'
          AND id NOT IN (SELECT event_id FROM webhook_attempts WHERE endpoint_id = ?)`),
      attempts: db.prepare<[number, number], AttemptRow>(`
        SELECT v.message_id, v.type, a.attempted_at, a.status_code, a.error, a.duration_ms,
          v.state, v.next_at
        FROM webhook_attempts a JOIN webhook_events v ON v.id = a.event_id
        WHERE a.endpoint_id = ? ORDER BY a.id DESC LIMIT ?`),
      pending: db.prepare<[number], { n: number }>(
        "SELECT count(*) AS n FROM webhook_events WHERE endpoint_id = ? AND state = 'pending'",
      ),
    };
  }

  countEndpoints(): number {
    return this.stmts.count.get()?.n ?? 0;
  }

  createEndpoint(
    url: string,
    description: string | null,
    secret: string,
    now: number,
  ): EndpointRow {
    const id = Number(this.stmts.insertEndpoint.run(url, description, secret, now).lastInsertRowid);
    const row = this.stmts.endpoint.get(id);
    if (!row) throw new Error(`webhook ${id} vanished after its insert`);
    return row;
  }

  endpoint(id: number): EndpointRow | undefined {
    return this.stmts.endpoint.get(id);
  }

  endpoints(): EndpointRow[] {
    return this.stmts.endpoints.all();
  }

  /** True when it existed; its events and attempts go with it. */
  deleteEndpoint(id: number): boolean {
    return this.stmts.deleteEndpoint.run(id).changes > 0;
  }

  /**
   * Adds each event for every endpoint, due at once; call it inside the transaction that stores
   * what the events are about. An endpoint with `maxPendingPerEndpoint` events waiting gets
   * none (its receiver has been down for long). Returns how many were dropped so.
   */
  enqueueForAll(events: NewEvent[], now: number, messageId: () => string): number {
    if (events.length === 0) return 0;
    // A nested transaction is a savepoint: a failure here undoes these rows only.
    return this.db.transaction(() => {
      let dropped = 0;
      for (const target of this.stmts.targets.all()) {
        let pending = target.pending;
        for (const event of events) {
          if (pending >= WEBHOOK_LIMITS.maxPendingPerEndpoint) {
            dropped += 1;
            continue;
          }
          this.stmts.insertEvent.run(target.id, messageId(), event.type, event.payload, now, now);
          pending += 1;
        }
      }
      return dropped;
    })();
  }

  /** Adds one event for one endpoint, due at once (the test event); its row id. */
  enqueueOne(endpointId: number, event: NewEvent, now: number, messageId: string): number {
    const info = this.stmts.insertEvent.run(
      endpointId,
      messageId,
      event.type,
      event.payload,
      now,
      now,
    );
    return Number(info.lastInsertRowid);
  }

  /** The endpoint's pending event due first, if one is due at `now`. */
  due(endpointId: number, now: number): DueEvent | undefined {
    return this.stmts.due.get(endpointId, now);
  }

  endpointIds(): number[] {
    return this.stmts.endpointIds.all().map((r) => r.id);
  }

  /** When the earliest pending event is due, or null when none is pending. */
  nextDueAt(): number | null {
    return this.stmts.nextDue.get()?.at ?? null;
  }

  /** Stores one try and the event's new state, and keeps only the newest attempts. */
  recordAttempt(a: AttemptRecord): void {
    this.db.transaction(() => {
      this.stmts.insertAttempt.run(
        a.eventId,
        a.endpointId,
        a.attemptedAt,
        a.statusCode,
        a.error,
        a.durationMs,
      );
      this.stmts.updateEvent.run(a.state, a.nextAt, a.eventId);
      this.stmts.pruneAttempts.run(a.endpointId, a.endpointId, WEBHOOK_LIMITS.keptAttempts);
      this.stmts.pruneEvents.run(a.endpointId, a.endpointId);
    })();
  }

  attempts(endpointId: number, limit: number): AttemptRow[] {
    return this.stmts.attempts.all(endpointId, limit);
  }

  pendingCount(endpointId: number): number {
    return this.stmts.pending.get(endpointId)?.n ?? 0;
  }
}
