import { describe, expect, it } from 'vitest';
import { htmlToText, MAX_HTML_TO_RENDER } from '../../../../src-main/mail/html-text/html-to-text.ts';

describe('htmlToText', () => {
  it('keeps visible text, one line per block, entities decoded', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body>' +
      '<h1>Welcome&nbsp;back</h1><p>Your code is <b>482913</b> &amp; expires soon.</p>' +
      '<script>alert(1)</script><div>Line<br>two</div></body></html>';
    expect(htmlToText(html)).toBe(
      'Welcome back\n\nYour code is 482913 & expires soon.\n\nLine\ntwo',
    );
  });

  it('survives broken markup', () => {
    expect(htmlToText('<p>open <b>bold <i>never closed')).toBe('open bold never closed');
    expect(htmlToText('')).toBe('');
  });

  it('renders only the first MiB of a huge body', () => {
    const html = `<p>${'a'.repeat(MAX_HTML_TO_RENDER)}</p><p>TAIL</p>`;
    const text = htmlToText(html);
    expect(text).not.toContain('TAIL');
    expect(text.length).toBeLessThanOrEqual(MAX_HTML_TO_RENDER);
  });
});
