import { describe, expect, it } from 'vitest';
import { findTextUrls } from '../../../../src-main/mail/link-extraction/text-urls.ts';

const urls = (text: string): string[] => findTextUrls(text).map((u) => u.url);

describe('findTextUrls: URLs as a person would copy them', () => {
  it('rejoins a URL wrapped at a line end when the next line is its rest', () => {
    expect(urls('Reset:\nhttps://x.example/reset?key=8f2e1c9a\n7b3d&uid=5\n\nThanks')).toEqual([
      'https://x.example/reset?key=8f2e1c9a7b3d&uid=5',
    ]);
    // The URL stopped after "=": whatever run follows is its value.
    expect(urls('https://x.example/login?token=\nAbCdEf\nBye')).toEqual([
      'https://x.example/login?token=AbCdEf',
    ]);
  });

  it('rejoins a URL cut inside its token at a wrapping column, a closing > included', () => {
    const url = `https://x.example/auth/confirmation?confirmation_token=${'Ab'.repeat(20)}Zq`;
    const [head, tail] = [url.slice(0, 76), url.slice(76)];
    expect(tail).toMatch(/^[A-Za-z]+$/);
    expect(urls(`Confirm:\n\n${head}\n${tail}\n\nBye`)).toEqual([url]);
    expect(urls(`Confirm:\n${head}\n${tail}>\n`)).toEqual([url]);
    // A line of prose after a full-width URL line is not its rest.
    expect(urls(`${head}\nThanks,\nThe team`)).toEqual([head]);
  });

  it('does not glue the next line of prose, nor the next URL, to a URL', () => {
    expect(urls('Open https://x.example/verify\nThanks\nhttps://y.example/a')).toEqual([
      'https://x.example/verify',
      'https://y.example/a',
    ]);
    expect(urls('https://x.example/a\nhttps://x.example/b')).toEqual([
      'https://x.example/a',
      'https://x.example/b',
    ]);
  });

  it('drops <…> and CJK brackets, even around a URL broken over lines', () => {
    expect(urls('Go to <https://x.example/reset?\n k=1>.')).toEqual([
      'https://x.example/reset?k=1',
    ]);
    expect(urls('请点击【https://x.example/a?b=1】完成')).toEqual(['https://x.example/a?b=1']);
    expect(urls('「https://x.example/a」')).toEqual(['https://x.example/a']);
  });

  it('leaves sentence punctuation out, but keeps a ) that closes a ( of the URL', () => {
    expect(urls('Visit https://x.example/a, then https://x.example/b.')).toEqual([
      'https://x.example/a',
      'https://x.example/b',
    ]);
    expect(urls('(see https://x.example/wiki/A_(b))')).toEqual(['https://x.example/wiki/A_(b)']);
    expect(urls('链接：https://x.example/a。')).toEqual(['https://x.example/a']);
  });

  it('gives each URL its label (the text before it on its line) and the text before that', () => {
    const [first, second] = findTextUrls(
      'Click the link below to reset your password.\nhttps://x.example/r\nHelp: https://help.x.example/',
    );
    expect(first).toMatchObject({
      label: '',
      context: 'Click the link below to reset your password.',
    });
    expect(second).toMatchObject({ label: 'Help:' });
  });

  it('stops after a bounded number of URLs', () => {
    expect(urls('https://x.example/a '.repeat(1000)).length).toBe(200);
  });
});
