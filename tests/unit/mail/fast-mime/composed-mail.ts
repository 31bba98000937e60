import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

/** Subject, text and html of one mail in tests/fixtures/mail-corpus (top-level files). */
export interface CorpusBody {
  id: string;
  subject: string | null;
  text: string | null;
  html: string | null;
}

const CORPUS_DIR = path.join(import.meta.dirname, '../../../fixtures/mail-corpus');

export function corpusBodies(): CorpusBody[] {
  const bodies: CorpusBody[] = [];
  for (const file of readdirSync(CORPUS_DIR).sort()) {
    if (!file.endsWith('.json')) continue;
    const mails = JSON.parse(readFileSync(path.join(CORPUS_DIR, file), 'utf8')) as CorpusBody[];
    for (const m of mails)
      bodies.push({ id: m.id, subject: m.subject, text: m.text, html: m.html });
  }
  return bodies;
}

/** How a corpus mail is written out. `common` shapes are the ones the fast path must take. */
export interface Variant {
  name: string;
  common: boolean;
  parts: 'text' | 'html' | 'alternative';
  encoding?: 'quoted-printable' | 'base64';
  attachment?: 'inline-image' | 'file';
  lf?: boolean;
  longHeaders?: boolean;
}

export const VARIANTS: readonly Variant[] = [
  { name: 'text, auto encoding', common: true, parts: 'text' },
  { name: 'text, QP', common: true, parts: 'text', encoding: 'quoted-printable' },
  { name: 'text, base64', common: true, parts: 'text', encoding: 'base64' },
  { name: 'html, QP', common: true, parts: 'html', encoding: 'quoted-printable' },
  { name: 'html, base64, bare LF', common: true, parts: 'html', encoding: 'base64', lf: true },
  { name: 'alternative, auto', common: true, parts: 'alternative' },
  { name: 'alternative, QP', common: true, parts: 'alternative', encoding: 'quoted-printable' },
  { name: 'alternative, base64', common: true, parts: 'alternative', encoding: 'base64' },
  {
    name: 'alternative, QP, bare LF, long headers',
    common: true,
    parts: 'alternative',
    encoding: 'quoted-printable',
    lf: true,
    longHeaders: true,
  },
  {
    name: 'alternative, base64, long headers',
    common: true,
    parts: 'alternative',
    encoding: 'base64',
    longHeaders: true,
  },
  {
    name: 'alternative + inline image',
    common: false,
    parts: 'alternative',
    attachment: 'inline-image',
  },
  {
    name: 'text + attachment, QP',
    common: false,
    parts: 'text',
    encoding: 'quoted-printable',
    attachment: 'file',
  },
];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A display name in the mail's own language: the first words of its subject, or of its text. */
function displayName(body: CorpusBody): string {
  const source = (body.subject ?? body.text ?? 'Sender').replace(/[\r\n"\\]+/g, ' ');
  return [...source].slice(0, 24).join('').trim() || 'Sender';
}

/** The raw message MailComposer builds for a corpus mail written out as `variant`. */
export async function compose(body: CorpusBody, variant: Variant, n: number): Promise<Buffer> {
  const name = displayName(body);
  const to = variant.longHeaders
    ? Array.from({ length: 12 }, (_, i) => `"${name} ${i}" <user${i}.${n}@example-${i}.org>`).join(
        ', ',
      )
    : `box${n}@ephemera.localhost`;
  const subject = variant.longHeaders
    ? `${body.subject ?? ''} — ${'long subject '.repeat(12)}`
    : body.subject;
  const text = body.text ?? body.html?.replace(/<[^>]*>/g, ' ') ?? 'empty';
  const html = body.html ?? `<p>${text.replace(/[<>&]/g, ' ')}</p>`;
  const cid = `logo-${n}@ephemera.test`;
  const mail = new MailComposer({
    from: {
      name,
      address: n % 3 === 0 ? 'no-reply@xn--bcher-kva.example' : `sender${n}@example.com`,
    },
    to,
    subject: subject ?? undefined,
    text: variant.parts === 'html' ? undefined : text,
    html:
      variant.parts === 'text'
        ? undefined
        : variant.attachment === 'inline-image'
          ? `${html}<img src="cid:${cid}">`
          : html,
    textEncoding: variant.encoding,
    attachments:
      variant.attachment === 'inline-image'
        ? [{ filename: 'logo.png', content: PNG, cid }]
        : variant.attachment === 'file'
          ? [{ filename: 'receipt.pdf', content: Buffer.from('%PDF-1.4 receipt') }]
          : [],
  });
  const raw = await mail.compile().build();
  return variant.lf ? Buffer.from(raw.toString('latin1').replace(/\r\n/g, '\n'), 'latin1') : raw;
}
