/**
 * CPU per mail of parseMessage's fast MIME path (src-main/mail/fast-mime/) against mailparser
 * (parseWithMailparser, the path every declined mail takes), on three mails:
 *   ingest  the ingest bench's 5 KB text/plain mail (smtp-load-plan.ts benchMessage);
 *   qp      a sign-up mail: multipart/alternative, quoted-printable text and html, ~15 KB;
 *   base64  the same mail with both parts in base64.
 *
 *   npx tsx bench/mail/parse-speed.ts
 *
 * Warm, one thread, CPU time of this process (process.cpuUsage) over PARSE_MAILS parses
 * (default 2000) per sample; the two paths alternate within each of PARSE_RUNS runs
 * (default 3), and each sample first checks both give the same ParsedMessage.
 */

import { isDeepStrictEqual } from 'node:util';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import {
  parseFast,
  parseMessage,
  parseWithMailparser,
  type ParsedMessage,
} from '../../src-main/mail/parse/message-parser.ts';
import { benchMessage } from './smtp-load-plan.ts';

const MAILS = Number(process.env.PARSE_MAILS ?? 2000);
const RUNS = Number(process.env.PARSE_RUNS ?? 3);

type Parse = (raw: Buffer) => Promise<ParsedMessage>;

/** A sign-up mail the size of a real one: a styled html body and its plain-text twin. */
async function signUpMail(encoding: 'quoted-printable' | 'base64'): Promise<Buffer> {
  const rows = Array.from(
    { length: 44 },
    (_, i) =>
      `<tr><td style="padding:8px 24px;font-family:Arial,sans-serif;font-size:14px;color:#333">` +
      `Step ${i + 1}: finish setting up your account — café, naïve, 東京, ✓</td></tr>`,
  ).join('\n');
  const html =
    `<!doctype html><html><body style="margin:0;background:#f4f4f4">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">\n` +
    `<tr><td style="padding:24px"><h1 style="font-size:20px">Confirm your e-mail</h1>` +
    `<p>Your verification code is <b style="font-size:28px;letter-spacing:4px">482913</b></p>` +
    `<p><a href="https://accounts.example.com/verify?token=8f2d1c0b9a7e6d5c4b3a2f1e0d9c8b7a` +
    `&amp;utm_source=email&amp;utm_medium=signup">Confirm e-mail</a></p></td></tr>\n${rows}\n` +
    `</table></body></html>`;
  const text =
    `Confirm your e-mail\n\nYour verification code is 482913\n\n` +
    `https://accounts.example.com/verify?token=8f2d1c0b9a7e6d5c4b3a2f1e0d9c8b7a\n\n` +
    Array.from({ length: 44 }, (_, i) => `Step ${i + 1}: finish setting up — café, 東京 ✓`).join(
      '\n',
    );
  const mail = new MailComposer({
    from: { name: 'Exämple Accounts', address: 'no-reply@accounts.example.com' },
    to: 'new.user@ephemera.localhost',
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse: 482913',
    text,
    html,
    textEncoding: encoding,
  });
  return mail.compile().build();
}

/** CPU µs per mail (user + system) over MAILS parses of `raw`. */
async function cpuPerMail(parse: Parse, raw: Buffer): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < MAILS; i++) await parse(raw);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / MAILS;
}

const fast: Parse = (raw) => parseMessage(raw, null);
const slow: Parse = (raw) => parseWithMailparser(raw, null);

async function main(): Promise<void> {
  const mails: [string, Buffer][] = [
    ['ingest 5 KB text/plain', Buffer.from(benchMessage('someone@example.com', 7, 5 * 1024))],
    ['sign-up alternative, QP', await signUpMail('quoted-printable')],
    ['sign-up alternative, base64', await signUpMail('base64')],
  ];
  for (const [name, raw] of mails) {
    const same = isDeepStrictEqual(parseFast(raw, null), await parseWithMailparser(raw, null));
    if (!same) throw new Error(`${name}: the fast path is not taken or differs`);
    // warm both paths before the first sample
    await cpuPerMail(fast, raw);
    await cpuPerMail(slow, raw);
    const fastSamples: number[] = [];
    const slowSamples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (run % 2 === 0) {
        fastSamples.push(await cpuPerMail(fast, raw));
        slowSamples.push(await cpuPerMail(slow, raw));
      } else {
        slowSamples.push(await cpuPerMail(slow, raw));
        fastSamples.push(await cpuPerMail(fast, raw));
      }
    }
    const show = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(' / ');
    const ratio = Math.min(...slowSamples) / Math.min(...fastSamples);
    console.log(
      `${name} (${raw.length} bytes): fast ${show(fastSamples)} µs, mailparser ` +
        `${show(slowSamples)} µs CPU per mail; ${ratio.toFixed(1)}x (best against best)`,
    );
  }
}

await main();
