import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { codeNotice, createCodeNotifier } from '../../../src-main/electron/notifications.ts';
import { sampleMail } from '../../helpers/fake-electron.ts';

class FakeNotification extends EventEmitter {
  shown = false;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show(): void {
    this.shown = true;
  }
}

function setup(enabled = true) {
  const made: FakeNotification[] = [];
  const copy = vi.fn();
  const notify = createCodeNotifier({
    create: (options) => {
      const n = new FakeNotification(options);
      made.push(n);
      return n;
    },
    enabled: () => enabled,
    copy,
  });
  return { made, copy, notify };
}

describe('code notifications', () => {
  it('shows the code, the subject and the sender; a click copies the code', () => {
    const { made, copy, notify } = setup();
    notify(sampleMail());
    expect(made).toHaveLength(1);
    const [n] = made;
    expect(n?.shown).toBe(true);
    expect(n?.options.title).toBe('Code 482913');
    expect(n?.options.body).toContain('Your sign-in code');
    expect(n?.options.body).toContain('Example');
    expect(copy).not.toHaveBeenCalled();
    n?.emit('click');
    expect(copy).toHaveBeenCalledExactlyOnceWith('482913');
  });

  it('stays quiet for a mail without a code, or when turned off', () => {
    const quiet = setup();
    quiet.notify(sampleMail({ code: null }));
    expect(quiet.made).toHaveLength(0);
    const off = setup(false);
    off.notify(sampleMail());
    expect(off.made).toHaveLength(0);
  });

  it('words a mail without subject or sender name', () => {
    const notice = codeNotice(sampleMail({ subject: null, from_name: null, from: null }));
    expect(notice?.body).toContain('(no subject)');
    expect(notice?.body).toContain('an unknown sender');
  });
});
