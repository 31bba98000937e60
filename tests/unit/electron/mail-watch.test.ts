import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-main/core/app-error.ts';
import { MAX_WATCHED_MAILBOXES, MailWatch } from '../../../src-main/electron/mail-watch.ts';
import { FakeHub, sampleMail } from '../../helpers/fake-electron.ts';

const A = 'aaaaaaaaaa@ephemera.localhost';
const B = 'bbbbbbbbbb@ephemera.localhost';

describe('MailWatch', () => {
  it('pushes the mails of watched mailboxes only, once per mail however often watched', () => {
    const hub = new FakeHub();
    const onMail = vi.fn();
    const watch = new MailWatch(onMail);
    watch.attach(hub);
    watch.watch(A);
    watch.watch(A);
    hub.publish(sampleMail({ email: A }));
    hub.publish(sampleMail({ email: B }));
    expect(onMail).toHaveBeenCalledOnce();
    expect(hub.count(A)).toBe(1);
    // Watched twice: the first unwatch leaves the other watch running.
    watch.unwatch(A);
    hub.publish(sampleMail({ email: A, id: 2 }));
    expect(onMail).toHaveBeenCalledTimes(2);
    watch.unwatch(A);
    hub.publish(sampleMail({ email: A, id: 3 }));
    expect(onMail).toHaveBeenCalledTimes(2);
    expect(hub.count(A)).toBe(0);
    // One unwatch too many changes nothing.
    watch.unwatch(A);
    expect(watch.watching()).toEqual([]);
  });

  it('moves every watch to the hub of restarted services', () => {
    const before = new FakeHub();
    const after = new FakeHub();
    const onMail = vi.fn();
    const watch = new MailWatch(onMail);
    watch.attach(before);
    watch.watch(A);
    watch.watch(B);
    watch.attach(after);
    expect(before.count(A) + before.count(B)).toBe(0);
    after.publish(sampleMail({ email: B }));
    expect(onMail).toHaveBeenCalledOnce();
  });

  it('keeps watches made before any hub, and clear() drops all', () => {
    const hub = new FakeHub();
    const watch = new MailWatch(vi.fn());
    watch.watch(A);
    watch.attach(hub);
    expect(hub.count(A)).toBe(1);
    watch.clear();
    expect(hub.count(A)).toBe(0);
    expect(watch.watching()).toEqual([]);
  });

  it('refuses more than the bound', () => {
    const watch = new MailWatch(vi.fn());
    for (let i = 0; i < MAX_WATCHED_MAILBOXES; i++) watch.watch(`m${i}@ephemera.localhost`);
    expect(() => watch.watch(A)).toThrow(AppError);
  });
});
