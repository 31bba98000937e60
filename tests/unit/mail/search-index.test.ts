import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src-main/db/open-database.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';
import { MailSearch } from '../../../src-main/mail/store/mail-search.ts';
import { SearchIndex } from '../../../src-main/mail/store/search-index.ts';
import { parseSearch, searchExpression } from '../../../src-main/mail/store/search-query.ts';

function mail(email: string, subject: string) {
  return {
    email,
    from: 'x@example.org',
    fromName: null,
    to: [email],
    subject,
    text: `${subject} body`,
    html: null,
    attachments: [],
    receivedAt: 0,
    code: null,
    link: null,
    size: 10,
  };
}

function setup() {
  const db = openDatabase(':memory:');
  const store = new MailStore(db);
  const through = () =>
    db.prepare('SELECT indexed_through FROM mail_search_state').pluck().get() as number;
  const find = (email: string, q: string) => {
    const parsed = parseSearch(q);
    return new MailSearch(db, store.searchIndex)
      .page(email, searchExpression(email, parsed), parsed, 0, 50, 1 << 20)
      .mails.map((m) => m.subject);
  };
  const check = () => db.exec("INSERT INTO mail_search (mail_search) VALUES ('integrity-check')");
  return { db, store, through, find, check };
}

describe('SearchIndex (the full-text index trails new mail)', () => {
  it('storing mail leaves the index behind; a search first catches it up and finds every mail', () => {
    const { store, through, find, check } = setup();
    store.insert([mail('a@d.test', 'Invoice one'), mail('a@d.test', 'Invoice two')]);
    expect(through()).toBe(0);
    expect(find('a@d.test', 'invoice')).toEqual(['Invoice one', 'Invoice two']);
    expect(through()).toBe(2);
    expect(check).not.toThrow();
  });

  it('deleting mail the index never held leaves the index consistent', () => {
    const { store, through, find, check } = setup();
    store.insert([mail('a@d.test', 'Receipt old')]);
    expect(find('a@d.test', 'receipt')).toEqual(['Receipt old']);
    store.insert([mail('a@d.test', 'Receipt new'), mail('b@d.test', 'Receipt other')]);
    expect(through()).toBe(1);
    expect(store.deleteAll('a@d.test')).toBe(2);
    expect(check).not.toThrow();
    expect(find('a@d.test', 'receipt')).toEqual([]);
    expect(find('b@d.test', 'receipt')).toEqual(['Receipt other']);
    expect(check).not.toThrow();
  });

  it('catches up by itself once storing pauses, in steps', async () => {
    const { db, store, through } = setup();
    store.insert(Array.from({ length: 1_200 }, (_, i) => mail('a@d.test', `Note ${i}`)));
    const index = new SearchIndex(db, 5);
    index.stored(1_200);
    expect(through()).toBe(0);
    await expect.poll(through, { timeout: 5_000, interval: 5 }).toBe(1_200);
    index.close();
  });

  it('a database whose index is behind (an upgrade rebuilt it) catches up from the start', () => {
    vi.useFakeTimers();
    try {
      const { db, store, through } = setup();
      store.insert(Array.from({ length: 700 }, (_, i) => mail('a@d.test', `证码 ${i}`)));
      store.searchIndex.close();
      const index = new SearchIndex(db, 50);
      expect(through()).toBe(0);
      vi.advanceTimersByTime(50);
      expect(through()).toBe(500);
      vi.advanceTimersByTime(1);
      expect(through()).toBe(700);
      // Caught up: a new index over it schedules nothing.
      index.close();
      new SearchIndex(db, 50);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a changed mail leaves the index and is indexed again with its new text', () => {
    const { db, store, find, check } = setup();
    store.insert([mail('a@d.test', 'Old subject')]);
    expect(find('a@d.test', 'subject:old')).toEqual(['Old subject']);
    db.prepare("UPDATE mail_messages SET subject = '新的主题' WHERE id = 1").run();
    expect(find('a@d.test', 'subject:old')).toEqual([]);
    expect(find('a@d.test', '主题')).toEqual(['新的主题']);
    expect(check).not.toThrow();
  });

  it('waits while mail is listed, then catches up once reads pause too', () => {
    vi.useFakeTimers();
    try {
      const { store, through } = setup();
      // Storing schedules the store's own index (quiet time 250 ms).
      store.insert(Array.from({ length: 600 }, (_, i) => mail('a@d.test', `Note ${i}`)));
      const index = store.searchIndex;
      // A reader lists every 100 ms for a second: the index never steps in between.
      for (let i = 0; i < 10; i++) {
        vi.advanceTimersByTime(100);
        index.postpone();
      }
      expect(through()).toBe(0);
      vi.advanceTimersByTime(250);
      expect(through()).toBe(500);
      // A read between two steps holds the rest back for another quiet spell.
      index.postpone();
      vi.advanceTimersByTime(100);
      expect(through()).toBe(500);
      vi.advanceTimersByTime(150);
      expect(through()).toBe(600);
      // With nothing left to index, a read schedules nothing.
      index.postpone();
      expect(vi.getTimerCount()).toBe(0);
      index.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a listing through MailStore holds the index back', () => {
    vi.useFakeTimers();
    try {
      const { store, through } = setup();
      store.insert([mail('a@d.test', 'Hello')]);
      vi.advanceTimersByTime(200);
      store.listedPage('a@d.test', 0, 10, 1 << 20, true);
      vi.advanceTimersByTime(200);
      expect(through()).toBe(0);
      vi.advanceTimersByTime(50);
      expect(through()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('catchUp(limit) indexes the oldest first and says how many', () => {
    const { db, store, through } = setup();
    store.insert(Array.from({ length: 5 }, (_, i) => mail('a@d.test', `Note ${i}`)));
    const index = new SearchIndex(db);
    expect(index.catchUp(3)).toBe(3);
    expect(through()).toBe(3);
    expect(index.catchUp(3)).toBe(2);
    expect(index.catchUp(3)).toBe(0);
    expect(through()).toBe(5);
  });
});
