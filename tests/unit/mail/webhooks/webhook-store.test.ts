import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../../../src-shared/api/webhooks.ts';
import { openDatabase } from '../../../../src-main/db/open-database.ts';
import { WebhookStore } from '../../../../src-main/mail/push/webhooks/webhook-store.ts';

let n = 0;
const id = () => `msg_${++n}`;
const event = { type: 'mail.received', payload: '{}' };

describe('WebhookStore', () => {
  it(`keeps at most ${WEBHOOK_LIMITS.maxPendingPerEndpoint} waiting events per endpoint; more are dropped and counted`, () => {
    const store = new WebhookStore(openDatabase(':memory:'));
    const a = store.createEndpoint('http://127.0.0.1/a', null, 'whsec_x', 0);
    const b = store.createEndpoint('http://127.0.0.1/b', null, 'whsec_y', 0);
    const many = Array.from({ length: WEBHOOK_LIMITS.maxPendingPerEndpoint - 1 }, () => event);
    expect(store.enqueueForAll(many, 0, id)).toBe(0);
    expect(store.enqueueForAll([event, event, event], 0, id)).toBe(4);
    expect(store.pendingCount(a.id)).toBe(WEBHOOK_LIMITS.maxPendingPerEndpoint);
    expect(store.pendingCount(b.id)).toBe(WEBHOOK_LIMITS.maxPendingPerEndpoint);
    // Once one is delivered there is room for one more.
    const due = store.due(a.id, 0);
    if (!due) throw new Error('nothing due');
    store.recordAttempt({
      eventId: due.id,
      endpointId: a.id,
      attemptedAt: 1,
      statusCode: 204,
      error: null,
      durationMs: 1,
      state: 'delivered',
      nextAt: null,
    });
    expect(store.enqueueForAll([event], 2, id)).toBe(1);
    expect(store.pendingCount(a.id)).toBe(WEBHOOK_LIMITS.maxPendingPerEndpoint);
  });

  it(`keeps the newest ${WEBHOOK_LIMITS.keptAttempts} attempts per endpoint, and drops finished events without one`, () => {
    const db = openDatabase(':memory:');
    const store = new WebhookStore(db);
    const a = store.createEndpoint('http://127.0.0.1/a', null, 'whsec_x', 0);
    const total = WEBHOOK_LIMITS.keptAttempts + 30;
    store.enqueueForAll(
      Array.from({ length: total }, () => event),
      0,
      id,
    );
    for (let i = 0; i < total; i++) {
      const due = store.due(a.id, 0);
      if (!due) throw new Error('nothing due');
      store.recordAttempt({
        eventId: due.id,
        endpointId: a.id,
        attemptedAt: i,
        statusCode: 204,
        error: null,
        durationMs: 1,
        state: 'delivered',
        nextAt: null,
      });
    }
    expect(store.attempts(a.id, 1_000)).toHaveLength(WEBHOOK_LIMITS.keptAttempts);
    expect(store.attempts(a.id, 1)[0]?.attempted_at).toBe(total - 1);
    const events = db.prepare('SELECT count(*) AS n FROM webhook_events').get() as { n: number };
    expect(events.n).toBe(WEBHOOK_LIMITS.keptAttempts);
  });

  it('deleting an endpoint deletes its events and attempts', () => {
    const db = openDatabase(':memory:');
    const store = new WebhookStore(db);
    const a = store.createEndpoint('http://127.0.0.1/a', null, 'whsec_x', 0);
    store.enqueueForAll([event, event], 0, id);
    expect(store.deleteEndpoint(a.id)).toBe(true);
    expect(store.deleteEndpoint(a.id)).toBe(false);
    expect(db.prepare('SELECT count(*) AS n FROM webhook_events').get()).toEqual({ n: 0 });
    expect(store.nextDueAt()).toBeNull();
  });
});
