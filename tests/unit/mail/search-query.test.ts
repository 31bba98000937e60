import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-main/core/app-error.ts';
import { openDatabase } from '../../../src-main/db/open-database.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';
import { MailSearch } from '../../../src-main/mail/store/mail-search.ts';
import { parseSearch, searchExpression } from '../../../src-main/mail/store/search-query.ts';

describe('parseSearch', () => {
  it('reads from:, subject:, has:attachment, is:unread|read; the rest is words', () => {
    expect(parseSearch('from:acme subject:Invoice paid has:attachment is:unread')).toEqual({
      words: ['paid'],
      from: ['acme'],
      subject: ['Invoice'],
      hasAttachment: true,
      unread: true,
    });
    expect(parseSearch('FROM:news@acme.example IS:READ HAS:Attachments')).toEqual({
      words: [],
      from: ['news', 'acme', 'example'],
      subject: [],
      hasAttachment: true,
      unread: false,
    });
  });

  it('keeps unknown operators, unknown values and empty values as plain words', () => {
    expect(parseSearch('to:bob has:pdf is:starred').words).toEqual([
      'to',
      'bob',
      'has',
      'pdf',
      'is',
      'starred',
    ]);
    expect(parseSearch('from: acme')).toMatchObject({ words: ['from', 'acme'], from: [] });
    // What is typed half-way (search as you type) is words, never a 400.
    expect(parseSearch('has:att').words).toEqual(['has', 'att']);
  });

  it('a filter alone is a search; nothing at all, too long or too many words is a 400', () => {
    expect(parseSearch('is:unread')).toMatchObject({ words: [], unread: true });
    for (const q of [
      '"*"',
      ':',
      `${'a'.repeat(257)}`,
      Array.from({ length: 17 }, (_, i) => `from:w${i}`).join(' '),
    ]) {
      expect(() => parseSearch(q), q).toThrow(AppError);
    }
  });

  it('builds no FTS5 expression for filters alone, and quotes every word otherwise', () => {
    expect(searchExpression('a@d.test', parseSearch('is:unread has:attachment'))).toBeNull();
    const expression = searchExpression('a@d.test', parseSearch('from:ac"me subject:x* NEAR'));
    expect(expression).toBe(
      'mailbox : "6140642E74657374" AND {from_address from_name subject text} : ("NEAR") AND {from_address from_name} : ("ac" AND "me") AND {subject} : ("x")',
    );
  });
});

describe('MailStore.search with operators', () => {
  const insert = `INSERT INTO mail_messages (email, from_address, from_name, to_json, subject, text,
    html, received_at, code, size, attachments_json) VALUES (?, ?, ?, '[]', ?, ?, NULL, 0, NULL, 1, ?)`;
  const PDF = JSON.stringify([{ filename: 'a.pdf', content_type: 'application/pdf', size: 3 }]);

  function setup() {
    // Every migration, as the app runs them: a column added later must not break the inserts.
    const db = openDatabase(':memory:');
    const add = db.prepare(insert);
    add.run('a@d.test', 'news@acme.example', 'Acme News', 'Weekly digest', 'from the team', '[]');
    add.run('a@d.test', 'billing@shop.example', 'Shop', 'Invoice from Acme', 'paid', PDF);
    add.run('a@d.test', 'bob@example.org', 'Bob', 'Lunch?', 'acme canteen', '[]');
    add.run('b@d.test', 'news@acme.example', 'Acme News', 'Weekly digest', 'other box', PDF);
    const store = new MailStore(db);
    const find = (q: string, email = 'a@d.test') => {
      const parsed = parseSearch(q);
      return new MailSearch(db, store.searchIndex)
        .page(email, searchExpression(email, parsed), parsed, 0, 50, 1 << 20)
        .mails.map((x) => x.id);
    };
    return { db, store, find };
  }

  it('from: looks at the sender only, subject: at the subject only; plain words everywhere', () => {
    const { db, find } = setup();
    expect(find('acme')).toEqual([1, 2, 3]);
    expect(find('from:acme')).toEqual([1]);
    expect(find('subject:acme')).toEqual([2]);
    expect(find('from:bob canteen')).toEqual([3]);
    expect(find('from:bob digest')).toEqual([]);
    db.close();
  });

  it('has:attachment and is:unread|read filter, alone or with words, in one mailbox only', () => {
    const { db, store, find } = setup();
    expect(find('has:attachment')).toEqual([2]);
    expect(find('has:attachment', 'b@d.test')).toEqual([4]);
    expect(find('is:unread')).toEqual([1, 2, 3]);
    expect(store.setRead('a@d.test', 1, true)).toBe(true);
    expect(find('is:unread')).toEqual([2, 3]);
    expect(find('is:read')).toEqual([1]);
    expect(find('acme is:unread')).toEqual([2, 3]);
    expect(find('acme is:unread has:attachment')).toEqual([2]);
    expect(find('from:acme is:unread')).toEqual([]);
    db.close();
  });
});
