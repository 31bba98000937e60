import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/open-database.ts';
import type { AnalyzedMessage } from '../../../src-main/mail/parse/analyze-message.ts';
import {
  LARGE_BODY_CHARS,
  withBodiesAsBytes,
  withBodyBuffers,
} from '../../../src-main/mail/parse/body-bytes.ts';
import { MailStore } from '../../../src-main/mail/store/mail-store.ts';

const message = (text: string | null, html: string | null): AnalyzedMessage => ({
  ...{ from: 'a@example.org', fromName: null, to: [], subject: 'S', attachments: [] },
  ...{ text, html, code: null, link: null },
});

/** Posts `value` through a real MessageChannel (structured clone), as a worker's reply goes. */
function cross<T>(value: T, transfer: ArrayBuffer[]): Promise<T> {
  const { port1, port2 } = new MessageChannel();
  return new Promise<T>((resolve) => {
    port2.once('message', (received: T) => {
      port1.close();
      port2.close();
      resolve(received);
    });
    port1.postMessage(value, transfer);
  });
}

describe('long bodies between threads', () => {
  it('cross as transferred UTF-8 bytes (no copy); short ones stay strings', async () => {
    const long = `Grüße 😀 ${'x'.repeat(LARGE_BODY_CHARS)}`;
    const { message: sent, transfer } = withBodiesAsBytes(message(long, '<p>short</p>'));
    expect(transfer).toHaveLength(1);
    expect(Buffer.isBuffer(sent.text)).toBe(true);
    const received = withBodyBuffers(await cross(sent, transfer));
    // Transferred, not copied: the sender's buffer is gone.
    expect(transfer[0]?.byteLength).toBe(0);
    expect(Buffer.isBuffer(received.text)).toBe(true);
    expect((received.text as Buffer).toString('utf8')).toBe(long);
    expect(received.html).toBe('<p>short</p>');
    expect(withBodiesAsBytes(message('short', null)).transfer).toEqual([]);
  });

  it('a body stored as bytes reads back as the same text, a NUL replaced as in a string', () => {
    const db = openDatabase(':memory:');
    const store = new MailStore(db);
    const text = `Grüße 😀 a\0b ${'y'.repeat(10)}`;
    const base = {
      ...{ from: null, fromName: null, to: [], subject: 's', html: null, receivedAt: 0 },
      ...{ code: null, link: null, size: 1, attachments: [] },
    };
    const [asBytes] = store.insert([{ ...base, email: 'b@t.test', text: Buffer.from(text) }]);
    const [asString] = store.insert([{ ...base, email: 'b@t.test', text }]);
    const row = db.prepare<[number], { text: string; kind: string }>(
      'SELECT text, typeof(text) AS kind FROM mail_messages WHERE id = ?',
    );
    const stored = row.get(asBytes?.id ?? 0);
    expect(stored).toEqual({ text: text.replace('\0', '\uFFFD'), kind: 'text' });
    expect(row.get(asString?.id ?? 0)).toEqual(stored);
    db.close();
  });
});
