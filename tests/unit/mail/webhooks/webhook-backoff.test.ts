import { describe, expect, it } from 'vitest';
import { nextTryAt } from '../../../../src-main/mail/push/webhooks/webhook-backoff.ts';

const S = 1_000;
const H = 3_600 * S;

describe('webhook backoff', () => {
  it('5 s, 30 s, 2 min, 10 min, 1 h, then every 2 h, and nothing past 24 h', () => {
    const created = 1_000_000;
    const gaps: number[] = [];
    let now = created;
    for (let tries = 1; tries < 100; tries++) {
      const next = nextTryAt(created, tries, now);
      if (next === null) break;
      gaps.push(next - now);
      now = next;
    }
    expect(gaps.slice(0, 5)).toEqual([5 * S, 30 * S, 120 * S, 600 * S, H]);
    expect(gaps.slice(5).every((g) => g === 2 * H)).toBe(true);
    expect(now - created).toBeLessThanOrEqual(24 * H);
    expect(now - created + 2 * H).toBeGreaterThan(24 * H);
    expect(gaps).toHaveLength(16);
  });

  it('a late try (the app was off) is still given up at 24 h', () => {
    expect(nextTryAt(0, 1, 24 * H - 5 * S)).toBe(24 * H);
    expect(nextTryAt(0, 1, 24 * H - 4 * S)).toBeNull();
    expect(nextTryAt(0, 1, 24 * H)).toBeNull();
    expect(nextTryAt(0, 7, 23 * H)).toBeNull();
  });
});
