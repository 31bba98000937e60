import { describe, expect, it } from 'vitest';
import type { Platform } from '../../../src-shared/video/schemas.ts';
import { mediaFileName } from '../../../src-main/http/media-file-name.ts';
import type { MediaKind } from '../../../src-main/video/video-service.ts';

function nameOf(
  title: string | null,
  kind: MediaKind = 'download',
  contentType = kind === 'cover' ? 'image/jpeg' : 'video/mp4',
  platform: Platform = 'douyin',
): string {
  return mediaFileName(
    { taskId: 'task', path: '/media/task.video', contentType, title, platform },
    kind,
  );
}

const stemOf = (name: string): string => name.replace(/(-cover)?\.[a-z0-9]+$/, '');

describe('mediaFileName', () => {
  it('keeps a Chinese title as it is', () => {
    expect(nameOf('自动化完成淘宝任务教程')).toBe('自动化完成淘宝任务教程.mp4');
  });

  it('keeps emoji and mixed scripts', () => {
    expect(nameOf('把豆腐和鸡蛋放锅里蒸一蒸 😆 tofu')).toBe('把豆腐和鸡蛋放锅里蒸一蒸 😆 tofu.mp4');
  });

  it.each([
    ['slash', 'a/b', 'a b'],
    ['backslash', 'a\\b', 'a b'],
    ['colon', 'a:b', 'a b'],
    ['asterisk', 'a*b', 'a b'],
    ['question mark', 'a?b', 'a b'],
    ['double quote', 'a"b', 'a b'],
    ['angle brackets', 'a<b>c', 'a b c'],
    ['pipe', 'a|b', 'a b'],
    ['hash', '刘备 # 水镜先生', '刘备 水镜先生'],
    ['a run of them', 'a/\\:*?"<>|b', 'a b'],
  ])('replaces the forbidden %s', (_name, title, stem) => {
    expect(nameOf(title)).toBe(`${stem}.mp4`);
  });

  it('never lets a path separator through', () => {
    expect(nameOf('../../etc/passwd')).not.toMatch(/[\\/]/);
    expect(nameOf('..\\..\\windows\\system32')).not.toMatch(/[\\/]/);
  });

  // Product bug: leading dots are stripped before the space left by a replaced separator is
  // trimmed, so "../../etc/passwd" becomes ".. etc passwd.mp4" and ". .x" becomes ".x.mp4":
  // a hidden file on Unix, which the leading-dot rule exists to prevent.
  it('never starts the name with a dot, even after a separator is replaced', () => {
    expect(nameOf('../../etc/passwd').startsWith('.')).toBe(false);
    expect(nameOf('. .bashrc').startsWith('.')).toBe(false);
  });

  it('removes control and format characters', () => {
    expect(nameOf('a\u0000b\u0007c\u001fd\u007fe\u200bf\u202eg')).toBe('abcdefg.mp4');
  });

  it('turns newlines and tabs into nothing but single spaces', () => {
    const name = nameOf('line one\nline two\r\n\tline three');
    expect(name).not.toMatch(/[\r\n\t]/);
    expect(name).toMatch(/^line one ?line two ?line three\.mp4$/);
  });

  it('collapses whitespace runs and trims', () => {
    expect(nameOf('   a    b\u3000\u3000c   ')).toBe('a b c.mp4');
  });

  it('drops leading dots so the file is not hidden', () => {
    expect(nameOf('...hidden')).toBe('hidden.mp4');
  });

  it('normalises to NFC', () => {
    expect(nameOf('Cafe\u0301')).toBe('Caf\u00e9.mp4');
  });

  it('cuts a long title to 80 code points', () => {
    const name = nameOf('标'.repeat(200));
    expect(name).toBe(`${'标'.repeat(80)}.mp4`);
  });

  it('counts code points, not UTF-16 units, and never splits a surrogate pair', () => {
    const name = nameOf(`${'x'.repeat(79)}😀😀😀`);
    expect(stemOf(name)).toBe(`${'x'.repeat(79)}😀`);
    expect([...stemOf(name)]).toHaveLength(80);
    expect(/\p{Cs}/u.test(name)).toBe(false);
  });

  it('keeps 80 emoji whole', () => {
    const name = nameOf('😀'.repeat(100));
    expect(stemOf(name)).toBe('😀'.repeat(80));
    expect(() => encodeURIComponent(name)).not.toThrow();
  });

  it('trims a space left at the cut', () => {
    const name = nameOf(`${'a'.repeat(79)} bcd`);
    expect(name).toBe(`${'a'.repeat(79)}.mp4`);
  });

  // Product bug: an unpaired surrogate in the title (a platform that cuts a title in the middle
  // of an emoji sends one, e.g. JSON "\ud83d") is kept, and content-disposition's
  // encodeURIComponent throws "URI malformed" on the resulting name.
  it('never returns an unpaired surrogate, which no file system or header can encode', () => {
    const name = nameOf('cut emoji \ud83d');
    expect(/\p{Cs}/u.test(name)).toBe(false);
    expect(() => encodeURIComponent(name)).not.toThrow();
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['only spaces', '   '],
    ['only forbidden characters', '/\\:*?"<>|#'],
    ['only dots', '...'],
    ['only control characters', '\u0000\u0001'],
  ])('falls back to <platform>-video for a %s title', (_name, title) => {
    expect(nameOf(title)).toBe('douyin-video.mp4');
    expect(nameOf(title, 'download', 'video/mp4', 'kuaishou')).toBe('kuaishou-video.mp4');
    expect(nameOf(title, 'cover', 'image/jpeg', 'tiktok')).toBe('tiktok-video-cover.jpg');
  });

  it('names the preview like the download', () => {
    expect(nameOf('标题', 'preview')).toBe('标题.mp4');
  });

  it('adds -cover for the cover', () => {
    expect(nameOf('标题', 'cover', 'image/jpeg')).toBe('标题-cover.jpg');
  });

  it.each([
    ['video/mp4', '.mp4'],
    ['video/quicktime', '.mov'],
    ['video/webm', '.webm'],
  ])('uses the extension of %s for a video', (contentType, ext) => {
    expect(nameOf('v', 'download', contentType)).toBe(`v${ext}`);
  });

  it.each([
    ['image/jpeg', '.jpg'],
    ['image/png', '.png'],
    ['image/webp', '.webp'],
    ['image/gif', '.gif'],
    ['image/avif', '.avif'],
    ['image/heic', '.heic'],
  ])('uses the extension of %s for a cover', (contentType, ext) => {
    expect(nameOf('v', 'cover', contentType)).toBe(`v-cover${ext}`);
  });

  it('falls back to .mp4 for an unknown video type and .jpg for an unknown cover type', () => {
    expect(nameOf('v', 'download', 'application/octet-stream')).toBe('v.mp4');
    expect(nameOf('v', 'cover', 'application/octet-stream')).toBe('v-cover.jpg');
  });
});
