import { describe, expect, it } from 'vitest';
import { OneTimeCodes } from '../../../src-main/mail/access/one-time-codes.ts';
import { ManualClock } from '../../helpers/manual-clock.ts';

describe('OneTimeCodes', () => {
  const make = (max = 3) => {
    const clock = new ManualClock();
    return { clock, codes: new OneTimeCodes<string>(clock, { ttlMs: 60_000, max }) };
  };

  it('issues 128-bit base64url codes, different every time', () => {
    const { codes } = make(100);
    const seen = new Set(Array.from({ length: 50 }, () => codes.issue('x').code));
    expect(seen.size).toBe(50);
    for (const code of seen) expect(code).toMatch(/^[\w-]{22}$/);
  });

  it('peek leaves the code usable; redeem uses it up', () => {
    const { codes } = make();
    const { code } = codes.issue('pixel');
    expect(codes.peek(code)?.payload).toBe('pixel');
    expect(codes.redeem(code)).toBe('pixel');
    expect(codes.redeem(code)).toBeNull();
    expect(codes.peek(code)).toBeNull();
  });

  it('a code is dead at its expiry, by the injected clock', () => {
    const { clock, codes } = make();
    const { code, expiresAt } = codes.issue('a');
    expect(expiresAt).toBe(clock.now() + 60_000);
    clock.advance(59_999);
    expect(codes.peek(code)).not.toBeNull();
    clock.advance(1);
    expect(codes.redeem(code)).toBeNull();
    expect(codes.size).toBe(0);
  });

  it('keeps at most `max` codes: the oldest is dropped', () => {
    const { codes } = make(3);
    const issued = ['a', 'b', 'c', 'd'].map((p) => codes.issue(p).code);
    expect(codes.size).toBe(3);
    expect(codes.redeem(issued[0] ?? '')).toBeNull();
    expect(codes.redeem(issued[3] ?? '')).toBe('d');
  });

  it('unknown, empty and near-miss codes get nothing', () => {
    const { codes } = make();
    const { code } = codes.issue('a');
    for (const wrong of ['', 'x', code.slice(0, -1), `${code}A`, code.toUpperCase()]) {
      if (wrong === code) continue;
      expect(codes.redeem(wrong)).toBeNull();
    }
    expect(codes.redeem(code)).toBe('a');
  });
});
