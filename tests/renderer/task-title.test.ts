import { describe, expect, it } from 'vitest';
import { linkLabel } from '../../src-renderer/features/video/task-title.ts';

describe('linkLabel (the name of a task without a title)', () => {
  it('is host and path of the first link in the share text', () => {
    expect(linkLabel('看看这个 https://v.douyin.com/iRNBho6u/ 复制此链接')).toBe(
      'v.douyin.com/iRNBho6u',
    );
    expect(linkLabel('https://www.tiktok.com/@someone/video/7234567890123456789?lang=en')).toBe(
      'www.tiktok.com/@someone/video/7234567890123456789',
    );
    expect(linkLabel('https://v.kuaishou.com/')).toBe('v.kuaishou.com');
  });

  it('is shortened past 64 characters', () => {
    const label = linkLabel(`https://www.tiktok.com/${'a'.repeat(100)}`) ?? '';
    expect(label).toHaveLength(64);
    expect(label.endsWith('…')).toBe(true);
  });

  it('is null without a link, or with one that does not parse', () => {
    expect(linkLabel('no link here')).toBeNull();
    expect(linkLabel('http://[::1')).toBeNull();
  });
});
