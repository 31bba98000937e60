import { describe, expect, it } from 'vitest';
import { indexTerms, queryTerms } from '../../../src-main/mail/store/search/search-terms.ts';

describe('CJK terms of the search index', () => {
  it('leaves text without CJK as it is', () => {
    expect(indexTerms('Your code is 123456')).toBe('Your code is 123456');
    expect(indexTerms(null)).toBeNull();
  });

  it('gives each run its characters with the pairs they start between them, apart from Latin', () => {
    expect(indexTerms('您的验证码482913')).toBe(' 您 您的 的 的验 验 验证 证 证码 码 482913');
    expect(indexTerms('码')).toBe(' 码 ');
    expect(indexTerms('パスワ')).toBe(' パ パス ス スワ ワ ');
    expect(indexTerms('인증번호')).toBe(' 인 인증 증 증번 번 번호 호 ');
  });

  it('asks a run as its own phrase, one character as itself, Latin quoted', () => {
    expect(queryTerms('验证码')).toBe('"验证 证 证码"');
    expect(queryTerms('验证')).toBe('"验证"');
    expect(queryTerms('码')).toBe('"码"');
    expect(queryTerms('验证码为482913')).toBe('"验证 证 证码 码 码为" AND "482913"');
    expect(queryTerms('code')).toBe('"code"');
    expect(queryTerms('a码b')).toBe('"a" AND "码" AND "b"');
  });
});
