import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../../src-main/core/bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes each input once, null and undefined results included', () => {
    const calls: string[] = [];
    const memo = boundedMemo((s: string) => {
      calls.push(s);
      return s === 'none' ? null : s === 'undef' ? undefined : s.length;
    }, 8);
    for (let round = 0; round < 3; round++) {
      expect([memo('ab'), memo('none'), memo('undef')]).toEqual([2, null, undefined]);
    }
    expect(calls).toEqual(['ab', 'none', 'undef']);
  });

  it('never holds more than max inputs: a stream of new ones empties it', () => {
    const calls: string[] = [];
    const memo = boundedMemo((s: string) => {
      calls.push(s);
      return s.toUpperCase();
    }, 3);
    for (const s of ['a', 'b', 'c']) memo(s);
    expect(memo('a')).toBe('A');
    expect(calls).toEqual(['a', 'b', 'c']);
    expect(memo('d')).toBe('D'); // full: emptied, then d kept
    expect(memo('a')).toBe('A'); // computed again
    expect(calls).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});
