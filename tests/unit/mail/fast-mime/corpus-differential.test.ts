import { describe, expect, it } from 'vitest';
import { parseFast, parseWithMailparser } from '../../../../src-main/mail/parse/message-parser.ts';
import { compose, corpusBodies, VARIANTS } from './composed-mail.ts';

/** Variants each corpus mail is written out in: every variant meets a third of the corpus. */
const PER_MAIL = 4;

describe('fast MIME path against mailparser, over the composed corpus', () => {
  it('gives exactly mailparser result or declines; takes every common shape', async () => {
    const bodies = corpusBodies();
    expect(bodies.length).toBeGreaterThan(500);
    const taken = new Map<string, number>(VARIANTS.map((v) => [v.name, 0]));
    const seen = new Map<string, number>(VARIANTS.map((v) => [v.name, 0]));
    const mismatches: string[] = [];
    for (const [n, body] of bodies.entries()) {
      for (let k = 0; k < PER_MAIL; k++) {
        const variant = VARIANTS[(n + k * 3) % VARIANTS.length];
        if (!variant) throw new Error('no variant');
        const raw = await compose(body, variant, n);
        const fast = parseFast(raw, 'envelope@example.net');
        seen.set(variant.name, (seen.get(variant.name) ?? 0) + 1);
        if (fast === null) continue;
        taken.set(variant.name, (taken.get(variant.name) ?? 0) + 1);
        const slow = await parseWithMailparser(raw, 'envelope@example.net');
        try {
          expect(fast).toStrictEqual(slow);
        } catch {
          mismatches.push(`${body.id} as ${variant.name}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    for (const variant of VARIANTS) {
      const count = seen.get(variant.name) ?? 0;
      expect(count, variant.name).toBeGreaterThan(150);
      // the common shapes are all taken; attachments all go to mailparser
      expect(taken.get(variant.name), variant.name).toBe(variant.common ? count : 0);
    }
  }, 60_000);
});
