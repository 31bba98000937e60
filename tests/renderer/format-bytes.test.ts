import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src-renderer/lib/format.ts';

describe('formatBytes', () => {
  it.each([
    [369, 'en', '369\u00a0B'],
    [116_028, 'en', '116\u00a0KB'],
    [1_500_000, 'en', '1.5\u00a0MB'],
    [1_500_000, 'de', '1,5\u00a0MB'],
  ])('%d in %s is %j, number and unit held together', (bytes, locale, expected) => {
    expect(formatBytes(bytes, locale)).toBe(expected);
  });
});
