import { describe, expect, it } from 'vitest';
import type { Platform } from '../../../src-shared/video/schemas.ts';
import { mediaFileName } from '../../../src-main/api/media-file-name.ts';
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

  it('keeps emoji whole and the name within 255 bytes (60 four-byte emoji)', () => {
    const name = nameOf('😀'.repeat(100));
    expect(stemOf(name)).toBe('😀'.repeat(60));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
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

  describe('Windows', () => {
    it.each([
      ['CON', '_CON.mp4'],
      ['con', '_con.mp4'],
      ['PRN', '_PRN.mp4'],
      ['AUX', '_AUX.mp4'],
      ['NUL', '_NUL.mp4'],
      ['COM1', '_COM1.mp4'],
      ['COM9', '_COM9.mp4'],
      ['LPT1', '_LPT1.mp4'],
      ['LPT9', '_LPT9.mp4'],
      ['COM¹', '_COM¹.mp4'],
      ['CONIN$', '_CONIN$.mp4'],
      ['aux.mp4', '_aux.mp4.mp4'],
      ['nul.tar.gz', '_nul.tar.gz.mp4'],
      ['CON .txt', '_CON .txt.mp4'],
      ['  con  ', '_con.mp4'],
    ])('never names the file after a device: %j → %j', (title, name) => {
      expect(nameOf(title)).toBe(name);
    });

    it('keeps names that only start like a device', () => {
      expect(nameOf('CONSOLE')).toBe('CONSOLE.mp4');
      expect(nameOf('COM10')).toBe('COM10.mp4');
      expect(nameOf('auxiliary')).toBe('auxiliary.mp4');
      expect(nameOf('nul-points')).toBe('nul-points.mp4');
    });

    it('names the cover of a device-named title safely too', () => {
      expect(nameOf('LPT3', 'cover', 'image/png')).toBe('_LPT3-cover.png');
    });

    it.each([
      ['a trailing dot', 'hello.', 'hello.mp4'],
      ['trailing dots and spaces', 'hello . . ', 'hello.mp4'],
      ['a trailing full-width space', 'hello\u3000', 'hello.mp4'],
      ['a dot left at the cut', `${'a'.repeat(79)}.b`, `${'a'.repeat(79)}.mp4`],
    ])('drops %s before the extension', (_label, title, name) => {
      expect(nameOf(title)).toBe(name);
    });

    it.each(['..', '.', '. .', ' .. ', '..\\..', './.'])('falls back for %j', (title) => {
      expect(nameOf(title)).toBe('douyin-video.mp4');
    });

    it('cuts a long title by bytes: 80 CJK characters fit, 80 emoji do not', () => {
      expect(stemOf(nameOf('标'.repeat(80)))).toBe('标'.repeat(80));
      for (const title of ['😀'.repeat(80), '🇨🇳'.repeat(80), 'é'.repeat(300), 'x'.repeat(300)]) {
        for (const kind of ['download', 'cover'] as const) {
          const name = nameOf(title, kind, kind === 'cover' ? 'image/avif' : 'video/webm');
          expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
          expect(name.length).toBeLessThanOrEqual(255);
        }
      }
    });

    it('never splits a flag or an accented letter at the cut', () => {
      const flags = stemOf(nameOf('🇨🇳'.repeat(80)));
      expect(flags).toBe('🇨🇳'.repeat(30));
      // q + combining dot above has no precomposed form: two code points, one grapheme.
      expect(stemOf(nameOf('q\u0307'.repeat(100)))).toBe('q\u0307'.repeat(40));
    });

    it('leaves no character Windows forbids anywhere in a name', () => {
      const titles = ['a<b>c:d"e/f\\g|h?i*j', 'CON', 'x.', '\u0000\u001f', 'a\tb'];
      for (const title of titles) {
        const name = nameOf(title);
        expect(name).not.toMatch(/[<>:"/\\|?*\p{Cc}]/u);
        expect(name).not.toMatch(/[. ]$/);
        expect(name.split('.')[0]?.trimEnd()).not.toMatch(
          /^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])$/i,
        );
      }
    });
  });
});
