import { pick } from './random-mail.ts';

/**
 * Random MIME messages: trees of multipart (alternative, mixed, related, signed) with leaves
 * of random type, charset, transfer encoding and disposition, odd boundaries, preambles and
 * epilogues, delimiters with trailing space, unclosed multiparts, bodies of the words that
 * steer the decoders. Built as latin1 strings, one line ending per message.
 */
export function randomMessage(next: () => number): Buffer {
  const eol = next() < 0.7 ? '\r\n' : '\n';
  const tree = new TreeWriter(next, eol);
  const top = `From: a@example.com${eol}Subject: t${eol}`;
  return Buffer.from(top + (next() < 0.7 ? tree.multipart(0) : tree.leaf()), 'latin1');
}

const CHARSETS = ['utf-8', 'UTF-8', 'us-ascii', 'iso-8859-1', 'gbk', 'shift_jis', 'utf-7', ''];
const WORDS = [
  'Code',
  '123456',
  'Привет',
  '你好',
  'café',
  '=',
  '==',
  '=3D',
  '=E2=9C=93',
  ' ',
  '\t',
  '--',
  '<p>',
  '&amp;',
  '\r',
  '\xff',
  'QUJD',
  'QUJD=',
  '=\r\n',
];

class TreeWriter {
  constructor(
    private readonly next: () => number,
    private readonly eol: string,
  ) {}

  private chance(p: number): boolean {
    return this.next() < p;
  }

  private body(): string {
    const line = () =>
      Array.from({ length: Math.floor(this.next() * 6) }, () => pick(this.next, WORDS)).join('');
    return Array.from({ length: Math.floor(this.next() * 5) }, line).join(this.eol);
  }

  leaf(): string {
    const headers: string[] = [];
    if (!this.chance(0.1)) {
      let type = pick(this.next, ['text/plain', 'text/html', 'TEXT/HTML', 'image/png']);
      const charset = pick(this.next, CHARSETS);
      if (charset) type += `; charset=${this.chance(0.5) ? `"${charset}"` : charset}`;
      if (this.chance(0.05)) type += '; format=flowed';
      headers.push(`Content-Type: ${type}`);
    }
    if (this.chance(0.7)) {
      const encodings = ['7bit', '8bit', 'quoted-printable', 'base64', 'Quoted-Printable', 'x-uue'];
      headers.push(`Content-Transfer-Encoding: ${pick(this.next, encodings)}`);
    }
    if (this.chance(0.15)) {
      const dispositions = ['inline', 'attachment; filename=a.txt', 'inline; filename=b.html'];
      headers.push(`Content-Disposition: ${pick(this.next, dispositions)}`);
    }
    return headers.join(this.eol) + this.eol + this.eol + this.body();
  }

  multipart(depth: number): string {
    const boundary = pick(this.next, ['b', 'B1', '--x', "=_p'(1)", 'b b']) + String(depth);
    const subtype = pick(this.next, ['alternative', 'mixed', 'related', 'alternative', 'signed']);
    const quoted = this.chance(0.5) || /[ '(=]/.test(boundary) ? `"${boundary}"` : boundary;
    const space = () => (this.chance(0.1) ? pick(this.next, [' ', '\t', '  ']) : '');
    let out = `Content-Type: multipart/${subtype}; boundary=${quoted}${this.eol}${this.eol}`;
    if (this.chance(0.3)) out += `preamble${this.eol}`;
    for (let n = Math.floor(this.next() * 4); n > 0; n--) {
      const part = depth < 3 && this.chance(0.25) ? this.multipart(depth + 1) : this.leaf();
      out += `--${boundary}${space()}${this.eol}${part}${this.eol}`;
    }
    if (!this.chance(0.15)) {
      out += `--${boundary}--${space()}${this.chance(0.8) ? this.eol : ''}`;
      if (this.chance(0.2)) out += `epilogue${this.eol}`;
    }
    return out;
  }
}
