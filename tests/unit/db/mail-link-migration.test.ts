import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { mail } from '../../../src-main/db/migrations/002-mail.ts';
import { mailRaw } from '../../../src-main/db/migrations/003-mail-raw.ts';
import { mailControl } from '../../../src-main/db/migrations/004-mail-control.ts';
import { mailLink } from '../../../src-main/db/migrations/007-mail-link.ts';
import { searchIndexLag } from '../../../src-main/db/migrations/009-search-index-lag.ts';
import { parseAttempts } from '../../../src-main/db/migrations/010-parse-attempts.ts';
import { searchCjk } from '../../../src-main/db/migrations/012-search-cjk.ts';
import { MIGRATIONS } from '../../../src-main/db/migrations/index.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';

describe('migration 007 (the link of each mail)', () => {
  it('gives mail stored before it a null link and stores the link of new mail', () => {
    const db = new Database(':memory:');
    db.exec(mail.sql);
    db.exec(mailRaw.sql);
    db.exec(mailControl.sql);
    db.prepare(
      `INSERT INTO mail_messages (email, from_address, from_name, to_json, subject, text, html,
        received_at, code, size, attachments_json) VALUES ('a@d.test', NULL, NULL, '[]', 'old',
        'Confirm: https://x.example/confirm?t=1', NULL, 0, NULL, 1, '[]')`,
    ).run();
    db.exec(mailLink.sql);
    db.exec(searchIndexLag.sql);
    // The mail store of today writes parse_error (010).
    db.exec(parseAttempts.sql);
    db.exec(searchCjk.sql); // the index as the store fills it today
    const store = new MailStore(db);
    store.insert([
      {
        email: 'a@d.test',
        from: null,
        fromName: null,
        to: [],
        subject: 'new',
        text: null,
        html: null,
        receivedAt: 1,
        code: null,
        link: 'https://x.example/confirm?t=2',
        size: 1,
        attachments: [],
      },
    ]);
    const page = store.page('a@d.test', 0, 50, 1 << 20, true).mails;
    expect(page.map((x) => x.link)).toEqual([null, 'https://x.example/confirm?t=2']);
    expect(store.head('a@d.test', 2)?.mail.link).toBe('https://x.example/confirm?t=2');
    db.close();
  });

  it('is listed once, and every step runs in ascending version', () => {
    expect(MIGRATIONS.filter((m) => m === mailLink)).toHaveLength(1);
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });
});
