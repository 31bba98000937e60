import { describe, expect, it } from 'vitest';
import { hintFromStyle } from '../../../../src-main/mail/html-text/css-hints.ts';
import { MASK_CHAR, maskNoise } from '../../../../src-main/mail/code-extraction/mask.ts';
import { normalizeText } from '../../../../src-main/mail/code-extraction/normalize.ts';
import { readSources } from '../../../../src-main/mail/code-extraction/sources.ts';

describe('normalizeText', () => {
  it('turns full-width, Arabic-Indic, Persian and Devanagari digits into ASCII', () => {
    expect(normalizeText('４８２９１３ ٤٨٢٩١٣ ۴۸۲۹۱۳ ४८२९१३')).toBe('482913 482913 482913 482913');
  });

  it('unifies spaces and line ends and drops zero-width characters', () => {
    expect(normalizeText('a\u00a0b\u3000c\u202fd\r\ne\rf\u200bg\u00adh')).toBe('a b c d\ne\nfgh');
  });

  it('drops the bidirectional marks of right-to-left text', () => {
    expect(normalizeText('\u200f\u202bرمز: ٤٨٢٩١٣\u202c\u2067x\u2069\u061c')).toBe('رمز: 482913x');
  });

  it('turns the Turkish capital dotted I into I, so that phrases match in any case', () => {
    expect(normalizeText('İndirim KODU')).toBe('Indirim KODU');
  });

  it('reads the Arabic decimal and thousands separators as "." and ","', () => {
    expect(normalizeText('١٢٥٬٠٠٠ ٢٤٩٫٥٠')).toBe('125,000 249.50');
  });

  it('keeps a full-width comma from gluing a code to the next number', () => {
    expect(normalizeText('验证码为：582036，5分钟内有效')).toBe('验证码为:582036, 5分钟内有效');
  });
});

describe('maskNoise', () => {
  const masked = (text: string): string => maskNoise(text).replaceAll(MASK_CHAR, '_');

  it('keeps every offset', () => {
    const text = 'See https://x.example/a?code=482913 or mail jo*****@example.com, color #123456';
    expect(maskNoise(text)).toHaveLength(text.length);
  });

  it('masks links, e-mail addresses, colours, UUIDs and hashes', () => {
    expect(masked('https://x.example/v?token=482913 ok')).toBe(`${'_'.repeat(32)} ok`);
    expect(masked('mail lena.0391@example.net now')).toBe(`mail ${'_'.repeat(21)} now`);
    expect(masked('color:#123456;')).toBe('color:_______;');
    expect(masked('id 123e4567-e89b-12d3-a456-426614174000')).toBe(`id ${'_'.repeat(36)}`);
    expect(masked('tx 9f86d081884c7d659a2feaa0c55ad015')).toBe(`tx ${'_'.repeat(32)}`);
  });

  it('keeps the code of a web OTP line', () => {
    expect(masked('@shop.example.com #493027')).toBe('@shop.example.com #493027');
  });
});

describe('hintFromStyle', () => {
  it.each([
    ['display:none', true],
    ['DISPLAY: NONE', true],
    ['visibility:hidden', true],
    ['font-size:0', true],
    ['font-size: 0.0em', true],
    ['opacity:0.0', true],
    ['max-height:0;overflow:hidden', true],
    ['font-size:14px', false],
    ['opacity:0.5', false],
    ['line-height:0', false],
    ['max-height:0', false],
  ])('reads "%s" as hidden: %s', (style, hidden) => {
    expect(hintFromStyle(style).hidden).toBe(hidden);
  });
});

describe('readSources', () => {
  it('reads the subject as one line and skips missing parts', () => {
    const sources = readSources({ subject: 'Your\ncode\t 482913', text: null, html: '' });
    expect(sources.map((s) => [s.kind, s.text])).toEqual([['subject', 'Your code 482913']]);
  });

  it('caps every source', () => {
    const long = 'x'.repeat(1_000_000);
    for (const s of readSources({ subject: long, text: long, html: `<p>${long}</p>` })) {
      expect(s.text.length).toBeLessThanOrEqual(16 * 1024);
    }
  });
});
