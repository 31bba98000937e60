import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  codeNotice,
  createCodeNotifier,
  linkNotice,
} from '../../../src-main/electron/notifications.ts';
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
  const openExternal = vi.fn();
  const notify = createCodeNotifier({
    create: (options) => {
      const n = new FakeNotification(options);
      made.push(n);
      return n;
    },
    enabled: () => enabled,
    copy,
    openExternal,
  });
  return { made, copy, openExternal, notify };
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

describe('link notifications (issue 19)', () => {
  const link = 'https://app.acme.example/confirm?t=Ab12&u=7';

  it('names the host of a link-only mail; a click opens it in the system browser', () => {
    const { made, copy, openExternal, notify } = setup();
    notify(sampleMail({ code: null, link, subject: 'Confirm your email' }));
    const [n] = made;
    expect(n?.options.title).toBe('Link to app.acme.example');
    expect(n?.options.body).toContain('Confirm your email');
    expect(n?.options.body).toContain('Click to open app.acme.example in your browser.');
    expect(openExternal).not.toHaveBeenCalled();
    n?.emit('click');
    expect(openExternal).toHaveBeenCalledExactlyOnceWith(link);
    expect(copy).not.toHaveBeenCalled();
  });

  it('a mail with both a code and a link gets the code notice (a click copies the code)', () => {
    const { made, copy, openExternal, notify } = setup();
    notify(sampleMail({ link }));
    expect(made).toHaveLength(1);
    made[0]?.emit('click');
    expect(copy).toHaveBeenCalledExactlyOnceWith('482913');
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('stays quiet when turned off, and never offers a link that is not http(s)', () => {
    const off = setup(false);
    off.notify(sampleMail({ code: null, link }));
    expect(off.made).toHaveLength(0);
    expect(linkNotice(sampleMail({ code: null, link: 'file:///etc/passwd' }))).toBeNull();
    expect(linkNotice(sampleMail({ code: null, link: null }))).toBeNull();
  });
});
