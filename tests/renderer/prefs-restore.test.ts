import { describe, expect, it } from 'vitest';
import { restorePrefs } from '../../src-renderer/prefs/prefs-store.ts';

const defaults = { theme: 'system', lang: 'en', other: 1 } as const;

describe('restorePrefs (preferences read back from localStorage)', () => {
  it('takes the stored theme and language when the UI knows them', () => {
    expect(restorePrefs({ theme: 'dark', lang: 'zh-CN' }, defaults)).toEqual({
      theme: 'dark',
      lang: 'zh-CN',
      other: 1,
    });
  });

  it('keeps the defaults for unknown values, or for nothing stored', () => {
    expect(restorePrefs({ theme: 'neon', lang: 'zh-cn' }, defaults)).toEqual(defaults);
    expect(restorePrefs({ lang: 42 }, defaults)).toEqual(defaults);
    expect(restorePrefs(undefined, defaults)).toEqual(defaults);
    expect(restorePrefs('garbage', defaults)).toEqual(defaults);
  });
});
