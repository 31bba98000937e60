import { describe, expect, it } from 'vitest';
import { normalizeDomain, parseAddress } from '../../../src-shared/mail/address.ts';
import { requireAddress } from '../../../src-main/mail/access/address.ts';

describe('parseAddress', () => {
  it('lower-cases and splits a plain address', () => {
    expect(parseAddress(' AbC.d+tag@Mail.Example.ORG ')).toEqual({
      email: 'abc.d+tag@mail.example.org',
      local: 'abc.d+tag',
      domain: 'mail.example.org',
    });
  });

  it.each([
    '',
    'no-at-sign',
    '@example.org',
    'user@',
    'a..b@example.org',
    '.a@example.org',
    'a.@example.org',
    'a b@example.org',
    '"quoted"@example.org',
    'user@-bad.example',
    'user@exa_mple.org',
    'user@example..org',
    `${'a'.repeat(65)}@example.org`,
    `a@${'b'.repeat(250)}.org`,
    'user@例子.测试',
  ])('refuses %j', (raw) => {
    expect(parseAddress(raw)).toBeNull();
  });

  it('accepts the longest local part (64) and the usual atext characters', () => {
    expect(parseAddress(`${'a'.repeat(64)}@x.org`)?.local).toHaveLength(64);
    expect(parseAddress("o'brien_#1!~@x.org")?.local).toBe("o'brien_#1!~");
  });

  it('requireAddress throws a 400 that quotes the input', () => {
    expect(() => requireAddress('nope')).toThrow(
      expect.objectContaining({ status: 400, message: '"nope" is not a valid email address.' }),
    );
  });

  it('normalizeDomain drops case and a trailing dot, refuses non-hosts', () => {
    expect(normalizeDomain('Mail.Example.ORG.')).toBe('mail.example.org');
    expect(normalizeDomain('bad domain')).toBeNull();
  });
});
