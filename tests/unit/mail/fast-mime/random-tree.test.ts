import { describe, expect, it } from 'vitest';
import { random } from './random-mail.ts';
import { randomMessage } from './random-tree.ts';
import { expectSame } from './same-as-mailparser.ts';

describe('fast MIME path against mailparser, on random MIME trees', () => {
  it('gives mailparser’s result for every random tree it takes', async () => {
    const next = random(31337);
    const rounds = 2000;
    let taken = 0;
    for (let round = 0; round < rounds; round++) {
      const { fast } = await expectSame(randomMessage(next));
      if (fast) taken++;
    }
    // about two in five are shapes it takes (text leaves in the three multipart types)
    expect(taken).toBeGreaterThan(rounds / 4);
  }, 30_000);
});
