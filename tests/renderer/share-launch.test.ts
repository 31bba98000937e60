import { describe, expect, it } from 'vitest';
import { sharedText } from '../../src-renderer/features/video/share-launch.ts';

const query = (params: Record<string, string>): URLSearchParams => new URLSearchParams(params);

describe('share target text', () => {
  it('joins the text and the link, once', () => {
    const link = 'https://v.douyin.com/abcdEFG/';
    expect(sharedText(query({ text: '看看这个', url: link }))).toBe(`看看这个 ${link}`);
    expect(sharedText(query({ text: `7.17 看看 ${link} 复制此链接`, url: link }))).toBe(
      `7.17 看看 ${link} 复制此链接`,
    );
    expect(sharedText(query({ url: link, title: 'Douyin' }))).toBe(link);
  });

  it('falls back to the title, and is null when nothing was shared', () => {
    expect(sharedText(query({ title: ' A video https://vm.tiktok.com/ZM1/ ', text: ' ' }))).toBe(
      'A video https://vm.tiktok.com/ZM1/',
    );
    expect(sharedText(query({ text: '', url: '' }))).toBeNull();
  });
});
