import { describe, expect, it } from 'vitest';
import { findCandidates } from '../../../../src-main/mail/code-extraction/candidates.ts';

const values = (text: string): string[] => findCandidates(text).map((c) => c.value);

describe('findCandidates: digits', () => {
  it('takes runs of 4 to 8 digits, and of 9 to 10 only next to a label', () => {
    const found = findCandidates(
      '12, 123, 1234, 12345, 123456, 1234567, 12345678, 123456789, 1234567890, 12345678901',
    );
    expect(found.map((c) => c.value)).toEqual([
      '1234',
      '12345',
      '123456',
      '1234567',
      '12345678',
      '123456789',
      '1234567890',
    ]);
    expect(found.filter((c) => c.needsDirectLabel).map((c) => c.value)).toEqual([
      '123456789',
      '1234567890',
    ]);
  });

  it.each([
    ['ddd ddd', 'code 482 913.', '482913'],
    ['ddd-ddd', 'code 482-913.', '482913'],
    ['dd dd dd', 'code 48 29 13.', '482913'],
    ['dddd dddd', 'code 7316 0482.', '73160482'],
    ['ddd.ddd', 'code 482.913.', '482913'],
    ['single digits', 'code 4 8 2 9 1 3.', '482913'],
    ['single digits in cells', 'code\t4\t8\t2\t9\t1\t3', '482913'],
    ['single digits on lines', 'code\n4\n8\n2\n9', '4829'],
  ])('joins %s', (_name, text, value) => {
    expect(values(text)).toEqual([value]);
  });

  it('marks the weaker groupings as needing a label right next to them', () => {
    const [four] = findCandidates('7316 0482');
    const [dot] = findCandidates('482.913');
    const [three] = findCandidates('482 913');
    expect(four?.needsDirectLabel).toBe(true);
    expect(dot?.needsDirectLabel).toBe(true);
    expect(three?.needsDirectLabel).toBe(false);
  });

  it('gives nothing for a run of groups that does not read as one code', () => {
    expect(values('+1 646 558 8656')).toEqual([]);
    expect(values('09 69 32 15 15')).toEqual([]);
    expect(values('812 3456 7890')).toEqual([]);
    expect(values('DE89 3704 0044 0532 0130 00')).toEqual(['DE89']);
    expect(values('1 2 3')).toEqual([]);
    expect(values('12 123 1234')).toEqual([]);
  });

  it.each([
    ['a decimal', '1,299.00'],
    ['a thousands group', '12,800'],
    ['a dotted date', '12.05.2024'],
    ['an ISO date', '2024-05-12'],
    ['a time', '14:02:31'],
    ['an IP address', '198.51.100.144'],
    ['a compound reference', 'RE-2024-00412'],
    ['a phone prefix', '+4930123456'],
    ['a masked card', '*4821'],
    ['a dotted card tail', '••••4417'],
    ['a percentage', '1500%'],
    ['an amount', '$4821'],
    ['a digit run that is too long', '00340434161094027318'],
  ])('refuses digits glued into %s', (_name, text) => {
    expect(values(text).filter((v) => /^\d+$/.test(v) && v.length >= 4)).toEqual([]);
  });

  it('flags numbers written after #', () => {
    expect(findCandidates('Order #58213')[0]?.hashPrefixed).toBe(true);
  });
});

describe('findCandidates: words', () => {
  it('takes prefixed codes as written', () => {
    expect(values('G-738201 FB-48213')).toEqual(['G-738201', 'FB-48213']);
    expect(findCandidates('G-738201')[0]?.shape).toBe('prefixed');
  });

  it('takes alphanumerics of 4 to 8 with a letter and a digit', () => {
    expect(values('K7XQ2P F7K2P 7hq2kx9m 7QK-X4P')).toEqual([
      'K7XQ2P',
      'F7K2P',
      '7hq2kx9m',
      '7QK-X4P',
    ]);
  });

  it('marks lower-case, four-character and hyphenated alphanumerics as needing a label', () => {
    const direct = (t: string): boolean | undefined => findCandidates(t)[0]?.needsDirectLabel;
    expect(direct('K7XQ2P')).toBe(false);
    expect(direct('7hq2kx9m')).toBe(true);
    expect(direct('A1B2')).toBe(true);
    expect(direct('7QK-X4P')).toBe(true);
  });

  it('takes capital-letter words of 5 to 8 as letter candidates', () => {
    const [c] = findCandidates('KWTRZB');
    expect(c?.shape).toBe('letters');
    expect(c?.needsDirectLabel).toBe(true);
    expect(values('ABCD abcdef ABCDEFGHI Hello')).toEqual([]);
  });

  it.each([
    ['units', '10000mAh 1080p 4K 10GB 3pm 2nd'],
    ['French clock times', '14h30 9h00'],
    ['long identifiers', '1Z999AA10123456784 QB123456789BR bc1q9h7garjp6l8s3xk2r0w5m4pv'],
    ['identifiers with two hyphens', 'INV-0093-4821 TA-2024-0518829'],
    ['parts of e-mail addresses and paths', 'user42@example.com a/b2c3d4'],
  ])('refuses %s', (_name, text) => {
    expect(values(text)).toEqual([]);
  });
});

describe('findCandidates: web OTP line', () => {
  it('reads "@domain #code" alone on its line', () => {
    const cs = findCandidates('Your code is below.\n@shop.example.com #493027\n');
    expect(cs.map((c) => [c.value, c.shape])).toEqual([['493027', 'web-otp']]);
  });

  it('ignores the form inside a sentence', () => {
    expect(
      findCandidates('Write to @shop.example.com #493027 today').map((c) => c.shape),
    ).not.toContain('web-otp');
  });
});
