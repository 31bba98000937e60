import { describe, expect, it, vi } from 'vitest';
import { analyzeInProcess } from '../../../../src-main/mail/parse/analyze-message.ts';
import { extractCode } from '../../../../src-main/mail/code-extraction/extract-code.ts';
import * as renderer from '../../../../src-main/mail/html-text/render-html.ts';
import { extractLink } from '../../../../src-main/mail/link-extraction/extract-link.ts';

// Every HTML rendering of the app goes through renderHtml: count them.
vi.mock('../../../../src-main/mail/html-text/render-html.ts', async (original) => {
  const actual = await original<typeof renderer>();
  return { ...actual, renderHtml: vi.fn(actual.renderHtml) };
});
const renderings = vi.mocked(renderer.renderHtml);

const mail = (parts: string): Buffer =>
  Buffer.from(
    'Subject: Confirm your email\r\nMIME-Version: 1.0\r\n' +
      'Content-Type: multipart/alternative; boundary="b"\r\n\r\n' +
      `${parts}--b--\r\n`,
  );
const TEXT =
  '--b\r\nContent-Type: text/plain\r\n\r\nYour verification code is 482913.\r\n' +
  'Confirm: https://example.com/verify?t=abc123\r\n';
const HTML =
  '--b\r\nContent-Type: text/html\r\n\r\n<p>Your verification code is <b>482913</b>.</p>' +
  '<p>Click below to confirm your email address.</p>' +
  '<p><a href="https://example.com/verify?t=abc123">Confirm email</a></p>\r\n';

describe('one rendering of the HTML shared by code and link extraction', () => {
  const analyze = analyzeInProcess(extractCode, extractLink);

  it('a mail with text and HTML parts: its HTML is rendered once for both extractors', async () => {
    renderings.mockClear();
    const result = await analyze(mail(TEXT + HTML), null);
    expect(result).toMatchObject({ code: '482913', link: 'https://example.com/verify?t=abc123' });
    expect(renderings).toHaveBeenCalledTimes(1);
  });

  it('an HTML-only mail: once for its text, once for both extractors', async () => {
    renderings.mockClear();
    const result = await analyze(mail(HTML), null);
    expect(result).toMatchObject({ code: '482913', link: 'https://example.com/verify?t=abc123' });
    expect(renderings).toHaveBeenCalledTimes(2);
  });

  it('an extractor used alone renders for itself', () => {
    renderings.mockClear();
    expect(extractCode({ subject: null, text: null, html: '<p>Your code is 482913</p>' })).toBe(
      '482913',
    );
    expect(renderings).toHaveBeenCalledTimes(1);
  });
});
