import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '../../../src-shared/mail/limits.ts';
import type { Attachment, Mail } from '../../../src-shared/mail/schemas.ts';
import { openDatabase, type Db } from '../../../src-main/db/open-database.ts';
import { fullMailJson } from '../../../src-main/mail/read/full-mail.ts';
import {
  encodeBulk,
  encodeEmailMessage,
  encodeMailArray,
} from '../../../src-main/mail/read/listed-json.ts';
import { MailStore, type NewMail } from '../../../src-main/mail/store/mail-store.ts';

const BOX = 'box@t.test';
const BODY = MAIL_LIMITS.listBodyChars;
const SUBJECT = MAIL_LIMITS.listSubjectChars;

interface TextRow {
  id: number;
  email: string;
  from_address: string | null;
  from_name: string | null;
  to_json: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  received_at: number;
  code: string | null;
  link: string | null;
  size: number;
  attachments_json: string;
  is_read: number;
  parse_error: string | null;
}

/**
 * The mails as listings answered them before bodies were kept as bytes: the columns read as
 * strings, cut with substr(), the flag from length(), the object in Mail's order.
 */
function oracleListed(db: Db): Mail[] {
  const rows = db
    .prepare<[{ s: number; b: number }], TextRow & { cut: number | null }>(
      `SELECT id, email, from_address, from_name, to_json, substr(subject, 1, @s) AS subject,
         substr(text, 1, @b) AS text, substr(html, 1, @b) AS html, received_at, code, link,
         size, attachments_json, is_read, parse_error,
         (length(subject) > @s OR length(text) > @b OR length(html) > @b) AS cut
       FROM mail_messages ORDER BY id`,
    )
    .all({ s: SUBJECT, b: BODY });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    from: row.from_address,
    from_name: row.from_name,
    to: JSON.parse(row.to_json) as string[],
    subject: row.subject,
    text: row.text,
    html: row.html,
    received_at: new Date(row.received_at).toISOString(),
    code: row.code,
    link: row.link,
    size: row.size,
    attachments: JSON.parse(row.attachments_json) as Attachment[],
    read: row.is_read === 1,
    truncated: row.cut === 1,
    parse_error: row.parse_error,
  }));
}

/** The whole mail as GET /api/emails/{email}/{id} wrote it before: short fields, then bodies. */
function oracleWhole(db: Db, id: number): string {
  const row = db.prepare<[number], TextRow>('SELECT * FROM mail_messages WHERE id = ?').get(id);
  if (!row) throw new Error(`no mail ${id}`);
  return JSON.stringify({
    id: row.id,
    email: row.email,
    from: row.from_address,
    from_name: row.from_name,
    to: JSON.parse(row.to_json) as string[],
    received_at: new Date(row.received_at).toISOString(),
    code: row.code,
    link: row.link,
    size: row.size,
    attachments: JSON.parse(row.attachments_json) as Attachment[],
    read: row.is_read === 1,
    truncated: false,
    parse_error: row.parse_error,
    subject: row.subject,
    text: row.text,
    html: row.html,
  });
}

/** What a mail weighed in a listing before (mail-page.ts's rule, on the strings). */
function oracleWeight(mail: Mail): number {
  return (
    256 +
    (mail.subject?.length ?? 0) +
    (mail.text?.length ?? 0) +
    (mail.html?.length ?? 0) +
    (mail.from?.length ?? 0) +
    (mail.from_name?.length ?? 0) +
    mail.to.reduce((sum, a) => sum + a.length + 3, 0) +
    mail.attachments.reduce(
      (sum, a) => sum + 64 + (a.filename?.length ?? 0) + a.content_type.length,
      0,
    )
  );
}

const base: NewMail = {
  email: BOX,
  from: 'a@example.org',
  fromName: 'Zoë "the" \\ sender',
  to: [BOX, 'ccö@example.org'],
  subject: 'hello',
  text: 'hi',
  html: '<p>hi</p>',
  receivedAt: 1_700_000_000_123,
  code: '123456',
  link: 'https://x.example/confirm?t=1&u=2',
  size: 1234,
  attachments: [{ filename: 'reçu "1".pdf', content_type: 'application/pdf', size: 10 }],
};

/** Mails that cover the escapes, every width of UTF-8, lone surrogates and every cut edge. */
function tricky(): NewMail[] {
  const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('');
  const ascii = 'a'.repeat(BODY);
  return [
    { ...base, text: `quotes " and \\ and ${controls}\u007f\u2028\u2029 end`, html: null },
    { ...base, subject: null, text: null, html: '', from: null, fromName: null, to: [] },
    { ...base, text: `中文 é 😀 ${'€'.repeat(1000)}`, html: '<b>😀</b>', attachments: [] },
    { ...base, text: 'lone \uD800 surrogate \uDC00 here 😀', html: 'x\uDBFF' },
    // Exactly the cut (not cut), one more (cut), and an emoji across the cut.
    { ...base, text: ascii, html: ascii },
    { ...base, text: `${ascii}b`, html: null },
    { ...base, text: `${'a'.repeat(BODY - 1)}😀😀tail`, html: `${'é'.repeat(BODY)}\n` },
    { ...base, subject: `${'s'.repeat(SUBJECT)}!`, text: 'short' },
    { ...base, subject: 's'.repeat(SUBJECT), text: `"\n${'x'.repeat(BODY * 2)}`, html: '\r\n' },
  ];
}

describe('listings written as bytes answer what JSON.stringify of the mails did', () => {
  let db: Db;
  let store: MailStore;
  beforeEach(() => {
    db = openDatabase(':memory:');
    store = new MailStore(db);
    for (const mail of tricky()) store.insert([mail]);
  });
  afterEach(() => db.close());

  it('a list answer, byte for byte, and the same mails as objects', () => {
    const page = store.listedPage(BOX, 0, 200, Number.MAX_SAFE_INTEGER, true);
    const oracle = oracleListed(db);
    expect(page.mails).toHaveLength(oracle.length);
    const bytes = Buffer.concat(encodeMailArray(page.mails));
    expect(bytes.toString('utf8')).toBe(JSON.stringify(oracle));
    expect(bytes.equals(Buffer.from(JSON.stringify(oracle)))).toBe(true);
    expect(store.page(BOX, 0, 200, Number.MAX_SAFE_INTEGER, true).mails).toEqual(oracle);
    expect(oracle.map((m) => m.truncated)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('weighs each mail as before, so every budget cuts the pages at the same mails', () => {
    const oracle = oracleListed(db);
    const weights = oracle.map(oracleWeight);
    for (const budget of [0, 300, weights[0] ?? 0, BODY, 2 * BODY + 5000, 3 * BODY, 1e9]) {
      let fits = 0;
      for (let sum = 0; fits < weights.length; fits++) {
        sum += weights[fits] ?? 0;
        if (sum > budget) break;
      }
      const page = store.listedPage(BOX, 0, 200, budget, true);
      const taken = Math.max(1, fits);
      expect(
        page.mails.map((m) => m.fields.id),
        `budget ${budget}`,
      ).toEqual(oracle.slice(0, taken).map((m) => m.id));
      expect(page.bytes).toBe(weights.slice(0, taken).reduce((a, b) => a + b, 0));
      expect(page.more).toBe(taken < oracle.length);
    }
  });

  it('a bulk answer and a WebSocket email message, byte for byte', () => {
    const page = store.listedPage(BOX, 2, 3, Number.MAX_SAFE_INTEGER, true);
    const mails = oracleListed(db).slice(2, 5);
    const bulk = encodeBulk([
      { email: BOX, page },
      { email: null, error: 'email must be a string.' },
      { email: 'x"y@t.test', error: 'No such "mailbox".' },
      { email: BOX, page: { mails: [], bytes: 0, more: false } },
    ]);
    expect(Buffer.concat(bulk).toString()).toBe(
      JSON.stringify({
        results: [
          { email: BOX, mails, more: page.more },
          { email: null, error: 'email must be a string.' },
          { email: 'x"y@t.test', error: 'No such "mailbox".' },
          { email: BOX, mails: [], more: false },
        ],
      }),
    );
    page.mails.forEach((mail, i) => {
      expect(encodeEmailMessage(mail).toString()).toBe(
        JSON.stringify({ type: 'email', data: mails[i] }),
      );
    });
    expect(Buffer.concat(encodeMailArray([])).toString()).toBe('[]');
  });

  it('the whole mail by id, byte for byte, whatever the piece size', async () => {
    const ids = oracleListed(db).map((m) => m.id);
    for (const pieceChars of [1, 7, 4096, 512 * 1024]) {
      for (const id of ids) {
        // A piece of one character per SQL read would take long on the big bodies.
        if (pieceChars < 4096 && id > 4) continue;
        const chunks: Buffer[] = [];
        for await (const chunk of fullMailJson(store, BOX, id, pieceChars)) {
          chunks.push(chunk as Buffer);
        }
        expect(Buffer.concat(chunks).toString(), `mail ${id}, pieces of ${pieceChars}`).toBe(
          oracleWhole(db, id),
        );
      }
    }
  });

  it('a whole mail removed while it is sent ends the stream with an error, not a wrong body', async () => {
    const id = oracleListed(db).find((m) => m.truncated)?.id ?? 0;
    const read = async (): Promise<number> => {
      let chunks = 0;
      for await (const _chunk of fullMailJson(store, BOX, id, 4096)) {
        if (++chunks === 3) store.deleteOne(BOX, id);
      }
      return chunks;
    };
    await expect(read()).rejects.toThrow(`mail ${id} was removed while it was being sent`);
    expect(() => fullMailJson(store, BOX, id)).toThrow(/No mail/);
  });
});
