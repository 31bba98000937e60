import { describe, expect, it } from 'vitest';
import { linkLabel, linkPieces } from '../../src-renderer/features/video/task-title.ts';

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

  it('is shortened past 64 characters in the middle, keeping the host and the end (the id)', () => {
    const label = linkLabel(`https://www.tiktok.com/${'a'.repeat(100)}`) ?? '';
    expect(label).toHaveLength(64);
    expect(label.startsWith('www.tiktok.com/…aaa')).toBe(true);
    expect(
      linkLabel(
        'https://www.tiktok.com/@a.rather-long.creator.name.here/video/7301234567890123456',
      ),
    ).toBe('www.tiktok.com/…/video/7301234567890123456');
  });

  it('is null without a link, or with one that does not parse', () => {
    expect(linkLabel('no link here')).toBeNull();
    expect(linkLabel('http://[::1')).toBeNull();
  });
});

describe('linkPieces (where a link label may wrap)', () => {
  it('ends a piece after each of / ? & = . @ -, never inside a name or an id', () => {
    expect(linkPieces('www.tiktok.com/@some-one/video/7234567890123456789')).toEqual([
      'www.',
      'tiktok.',
      'com/',
      '@',
      'some-',
      'one/',
      'video/',
      '7234567890123456789',
    ]);
    expect(linkPieces('v.douyin.com/iRNBho6u').join('')).toBe('v.douyin.com/iRNBho6u');
    expect(linkPieces('')).toEqual([]);
  });
});
