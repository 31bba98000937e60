import { describe, expect, it } from 'vitest';
import type { Mail } from '../../../src-shared/mail/schemas.ts';
import { LiveHub } from '../../../src-main/mail/push/live-hub.ts';
import { createLogger } from '../../../src-main/core/logger.ts';

function mail(id: number, email: string): Mail {
  return {
    id,
    email,
    from: null,
    from_name: null,
    to: [email],
    subject: null,
    text: null,
    html: null,
    received_at: new Date(0).toISOString(),
    code: null,
    link: null,
    size: 1,
    attachments: [],
    read: false,
    truncated: false,
    parse_error: null,
  };
}

describe('LiveHub', () => {
  it('delivers to every listener of the mailbox, and only of that mailbox', () => {
    const hub = new LiveHub(createLogger('test', true));
    const a: number[] = [];
    const b: number[] = [];
    const other: number[] = [];
    hub.subscribe('a@x.org', (m) => a.push(m.id));
    const stopB = hub.subscribe('a@x.org', (m) => b.push(m.id));
    hub.subscribe('o@x.org', (m) => other.push(m.id));
    hub.publish(mail(1, 'a@x.org'));
    stopB();
    hub.publish(mail(2, 'a@x.org'));
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1]);
    expect(other).toEqual([]);
    expect(hub.listenerCount('a@x.org')).toBe(1);
  });

  it('a throwing listener does not keep the others from their mail', () => {
    const hub = new LiveHub(createLogger('test', true));
    const got: number[] = [];
    hub.subscribe('a@x.org', () => {
      throw new Error('boom');
    });
    hub.subscribe('a@x.org', (m) => got.push(m.id));
    expect(() => hub.publish(mail(3, 'a@x.org'))).not.toThrow();
    expect(got).toEqual([3]);
  });

  it('forgets a mailbox when its last listener leaves', () => {
    const hub = new LiveHub(createLogger('test', true));
    const stop = hub.subscribe('a@x.org', () => undefined);
    stop();
    stop();
    expect(hub.listenerCount('a@x.org')).toBe(0);
  });
});
