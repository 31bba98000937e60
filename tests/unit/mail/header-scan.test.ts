import { describe, expect, it } from 'vitest';
import { scanHeaders } from '../../../src-main/mail/smtp/header-scan.ts';

const HEAD = 'From: a@example.org\r\nSubject: x\r\n';

describe('scanHeaders (the parser’s limits, before the 250)', () => {
  it('passes an ordinary message and a body full of lines starting with --', () => {
    const body = '-- \r\nsignature\r\n'.repeat(5_000) + '--\r\nX-Not: a header\r\n\r\n';
    expect(scanHeaders(Buffer.from(`${HEAD}\r\nhello\r\n${body}`))).toBeNull();
  });

  it('counts each header line as at least 64 bytes: 16 384 short lines pass, one more does not', () => {
    const lines = (n: number) => 'X: y\r\n'.repeat(n);
    expect(scanHeaders(Buffer.from(`${lines(16_384)}\r\nbody\r\n`))).toBeNull();
    expect(scanHeaders(Buffer.from(`${lines(16_385)}\r\nbody\r\n`))?.reply).toMatch(
      /^5\.3\.4 Message header too large/,
    );
  });

  it('refuses a header block over 1 MiB inside a part, and more than 1000 parts', () => {
    const big = `X-Big: ${'b'.repeat(200)}\r\n`.repeat(5_300);
    const inPart = `${HEAD}Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n${big}\r\nhi\r\n--b--\r\n`;
    expect(scanHeaders(Buffer.from(inPart))?.reply).toMatch(/header too large/);
    const part = '--b\r\nContent-Type: text/plain\r\n\r\nx\r\n';
    expect(scanHeaders(Buffer.from(`${HEAD}\r\n${part.repeat(1_000)}--b--\r\n`))).toBeNull();
    expect(scanHeaders(Buffer.from(`${HEAD}\r\n${part.repeat(1_001)}--b--\r\n`))?.reply).toMatch(
      /too many MIME parts/,
    );
  });

  it('reads LF-only messages the same way', () => {
    expect(scanHeaders(Buffer.from('X: y\n'.repeat(16_385) + '\nbody\n'))).not.toBeNull();
    expect(scanHeaders(Buffer.from('Subject: x\n\nbody\n'))).toBeNull();
  });
});
