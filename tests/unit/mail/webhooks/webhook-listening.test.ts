import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../src-main/core/logger.ts';
import { openDatabase } from '../../../../src-main/db/open-database.ts';
import { WebhookService } from '../../../../src-main/mail/push/webhooks/webhook-service.ts';
import { WebhookStore } from '../../../../src-main/mail/push/webhooks/webhook-store.ts';
import { WebhookWorker } from '../../../../src-main/mail/push/webhooks/webhook-worker.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';

describe('WebhookService.listening (is new mail waited for by a webhook?)', () => {
  it('follows create and delete, and asks the database once in between', () => {
    const logger = createLogger('test', true);
    const clock = new ManualClock();
    const store = new WebhookStore(openDatabase(':memory:'));
    const post = () => Promise.reject(new Error('not in this test'));
    const service = new WebhookService(
      store,
      new WebhookWorker(store, post, clock, logger),
      clock,
      logger,
    );
    const count = vi.spyOn(store, 'countEndpoints');
    expect(service.listening()).toBe(false);
    expect(service.listening()).toBe(false);
    expect(count).toHaveBeenCalledTimes(1);
    const created = service.create({ url: 'https://hooks.example.com/in' });
    expect(service.listening()).toBe(true);
    service.delete(created.id);
    expect(service.listening()).toBe(false);
  });
});
